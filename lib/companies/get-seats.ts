import type { Ctx } from '@/lib/context';
import type { DbClient } from '@/lib/db';
import { maxUsers } from './max-users';

export const SEAT_CHANGE_ACTION = 'seats.extraChanged';
const SHOWN_CHANGES = 20;

/**
 * GET /api/customer/seats: the plan, included and extra seats, seats in use, the most the company may have, and the
 * latest changes of the extra seats with who made them and when. Billing is outside the product.
 */
export async function getSeats(ctx: Pick<Ctx, 'company'> & { db: DbClient }) {
  const [company, inUse, changes] = await Promise.all([
    ctx.db.company.findUniqueOrThrow({
      where: { id: ctx.company.id },
      select: { plan: true, includedSeats: true, extraSeats: true },
    }),
    ctx.db.membership.count({ where: { companyId: ctx.company.id, deletedAt: null } }),
    ctx.db.auditLog.findMany({
      where: { companyId: ctx.company.id, action: SEAT_CHANGE_ACTION },
      orderBy: { createdAt: 'desc' },
      take: SHOWN_CHANGES,
      select: { createdAt: true, data: true, actor: { select: { id: true, name: true } } },
    }),
  ]);
  return {
    plan: company.plan,
    includedSeats: company.includedSeats,
    extraSeats: company.extraSeats,
    inUse,
    maxUsers: maxUsers(company),
    changes: changes.map((change) => {
      const data = (change.data ?? {}) as { from?: number; to?: number };
      return {
        at: change.createdAt.toISOString(),
        by: change.actor ? { userId: change.actor.id, name: change.actor.name } : null,
        from: data.from ?? 0,
        to: data.to ?? 0,
      };
    }),
  };
}
