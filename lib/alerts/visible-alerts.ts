import { isAdmin } from '@/lib/auth/roles';
import type { Ctx } from '@/lib/context';
import { Prisma } from '@/lib/generated/prisma/client';

type Viewer = Pick<Ctx, 'company' | 'userId' | 'role'>;

/** Alerts sent by the viewer or to them (in the target; people recorded outside the area do not see the alert). */
export function myAlertsWhere(ctx: Pick<Viewer, 'userId'> & { company: { id: string } }): Prisma.AlertWhereInput {
  return {
    companyId: ctx.company.id,
    OR: [{ authorId: ctx.userId }, { recipients: { some: { userId: ctx.userId, inTarget: true } } }],
  };
}

/**
 * The alerts the viewer may see (spec §6): admins all of the company's, others those they sent or received. A draft is
 * only ever its author's, also for admins.
 */
export function visibleAlertsWhere(ctx: Viewer): Prisma.AlertWhereInput {
  if (!isAdmin(ctx.role)) return myAlertsWhere(ctx);
  return { companyId: ctx.company.id, OR: [{ status: { not: 'draft' } }, { authorId: ctx.userId }] };
}

/**
 * myAlertsWhere's condition in SQL, without the company: the alert `alert` (an SQL alias) was sent by the person
 * `person` (an SQL uuid: a value, or a column for many people at once) or to them in the target.
 */
export function sentOrReceivedSql(alert: Prisma.Sql, person: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`(${alert}."authorId" = ${person} OR EXISTS (
    SELECT 1 FROM "AlertRecipient" r WHERE r."alertId" = ${alert}.id AND r."userId" = ${person} AND r."inTarget"))`;
}

/** visibleAlertsWhere as an SQL condition on the alert alias `alert`, for aggregate queries Prisma cannot express. */
export function visibleAlertsSql(ctx: Viewer, alert: string): Prisma.Sql {
  const a = Prisma.raw(`"${alert}"`);
  const viewer = Prisma.sql`${ctx.userId}::uuid`;
  const scope = isAdmin(ctx.role)
    ? Prisma.sql`(${a}.status <> 'draft' OR ${a}."authorId" = ${viewer})`
    : sentOrReceivedSql(a, viewer);
  return Prisma.sql`${a}."companyId" = ${ctx.company.id}::uuid AND ${scope}`;
}
