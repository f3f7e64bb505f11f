import { isAdmin } from '@/lib/auth/roles';
import type { Ctx } from '@/lib/context';
import { Prisma } from '@/lib/generated/prisma/client';
import { countCapped, type CappedTotal } from '@/lib/db/count-capped';
import { visibleAlertsSql } from './visible-alerts';

type AlertStatus = 'active' | 'completed' | 'draft';

/**
 * The total of an alert list (the alerts listAlerts pages through), counted up to TOTAL_CAP. The visibility filter as
 * one condition (status or author; author or recipient) reads every alert of the company's history; here the list is
 * split into disjoint parts that each read one index range, counted by countCapped: admins' `all` = the
 * company's sent alerts of the statuses asked + their own drafts; `mine` = the alerts they wrote + those they received
 * in the target and did not write. See docs/decisions.md "Capped totals of the alert log and the outbox".
 */
export async function countListedAlerts(
  ctx: Pick<Ctx, 'db' | 'company' | 'userId' | 'role'>,
  statuses: AlertStatus[],
  scope: 'mine' | 'all',
): Promise<CappedTotal> {
  const parts = scope === 'all' && isAdmin(ctx.role) ? companyParts(ctx, statuses) : myParts(ctx, statuses);
  return countCapped(ctx.db, parts);
}

const statusIn = (statuses: AlertStatus[]) => Prisma.sql`a.status = ANY(${statuses}::"AlertStatus"[])`;

function companyParts(ctx: Pick<Ctx, 'company' | 'userId'>, statuses: AlertStatus[]): Prisma.Sql[] {
  const sent = statuses.filter((status) => status !== 'draft');
  return [
    ...(sent.length
      ? [Prisma.sql`SELECT 1 FROM "Alert" a WHERE a."companyId" = ${ctx.company.id}::uuid AND ${statusIn(sent)}`]
      : []),
    ...(statuses.includes('draft') ? [authored(ctx, ['draft'])] : []),
  ];
}

function myParts(ctx: Pick<Ctx, 'company' | 'userId' | 'role'>, statuses: AlertStatus[]): Prisma.Sql[] {
  // What one received is visible to a member as theirs; to an admin unless a draft (visibleAlertsSql, without the
  // recipient look-up it would repeat for every row here).
  const visible = isAdmin(ctx.role) ? visibleAlertsSql(ctx, 'a') : Prisma.sql`a."companyId" = ${ctx.company.id}::uuid`;
  return [
    authored(ctx, statuses),
    Prisma.sql`
      SELECT 1 FROM "AlertRecipient" r JOIN "Alert" a ON a.id = r."alertId"
      WHERE r."userId" = ${ctx.userId}::uuid AND r."inTarget" AND ${statusIn(statuses)}
        AND a."authorId" IS DISTINCT FROM ${ctx.userId}::uuid AND ${visible}`,
  ];
}

/** The caller's own alerts of the company (always visible to them, drafts too). */
function authored(ctx: Pick<Ctx, 'company' | 'userId'>, statuses: AlertStatus[]): Prisma.Sql {
  return Prisma.sql`
    SELECT 1 FROM "Alert" a
    WHERE a."authorId" = ${ctx.userId}::uuid AND a."companyId" = ${ctx.company.id}::uuid AND ${statusIn(statuses)}`;
}
