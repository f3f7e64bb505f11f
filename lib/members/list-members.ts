import { isAdmin } from '@/lib/auth/roles';
import type { Ctx } from '@/lib/context';
import { pageWindow, type Paging } from '@/lib/http-parts/paging';
import { memberView, memberViewSelect } from './member-view';
import { countSeats } from '@/lib/companies/seats';
import { smsOptOutsOf } from '@/lib/sms-opt-out/sms-opt-outs';

/**
 * The company's members by name. Admins get full member objects and the seats; others only name and photo (the SOS
 * picker). `withSoftDeleted` (admin routes) adds the removed members that can still be restored.
 */
export async function listMembers(ctx: Ctx, paging: Paging, options: { withSoftDeleted: boolean }) {
  const where = { companyId: ctx.company.id, ...(options.withSoftDeleted ? {} : { deletedAt: null }) };
  const [rows, total] = await Promise.all([
    ctx.db.membership.findMany({
      where,
      select: memberViewSelect,
      orderBy: [{ user: { name: 'asc' } }, { userId: 'asc' }],
      ...pageWindow(paging),
    }),
    ctx.db.membership.count({ where }),
  ]);
  const smsOptOuts = await smsOptOutsOf(
    ctx.db,
    rows.map((row) => row.user.phone),
  );
  const users = await Promise.all(rows.map((row) => memberView(row, smsOptOuts)));
  const page = { page: paging.page, pageSize: paging.pageSize, total };
  if (!isAdmin(ctx.role)) {
    return { users: users.map(({ userId, name, profilePhoto }) => ({ userId, name, profilePhoto })), ...page };
  }
  return { users, ...page, seats: await countSeats(ctx.db, ctx.company.id) };
}
