import { isAdmin } from '@/lib/auth/roles';
import type { Ctx } from '@/lib/context';
import { pageWindow, type Paging } from '@/lib/http-parts/paging';
import { memberView, memberViewSelect } from './member-view';
import { countSeats } from '@/lib/companies/seats';

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
  const users = await Promise.all(rows.map(memberView));
  const page = { page: paging.page, pageSize: paging.pageSize, total };
  if (!isAdmin(ctx.role)) {
    return { users: users.map(({ userId, name, profilePhoto }) => ({ userId, name, profilePhoto })), ...page };
  }
  return { users, ...page, seats: await countSeats(ctx.db, ctx.company.id) };
}
