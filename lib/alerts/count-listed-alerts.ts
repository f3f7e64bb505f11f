import { isAdmin } from '@/lib/auth/roles';
import type { Ctx } from '@/lib/context';
import { Prisma } from '@/lib/generated/prisma/client';
import { cappedTotal, countCapped, CAPPED_COUNT_ROWS, type CappedTotal } from '@/lib/db/count-capped';

type AlertStatus = 'active' | 'completed' | 'draft';
type SentStatus = Exclude<AlertStatus, 'draft'>;
type Counter = Pick<Ctx, 'company' | 'userId'>;

/**
 * The total of an alert list (the alerts listAlerts pages through), counted up to TOTAL_CAP. The visibility filter as
 * one condition (status or author; author or recipient) reads every alert of the company's history; here the list is
 * split into parts that each read one index range, counted by countCapped: admins' `all` = the company's sent alerts
 * of the statuses asked + their own drafts; `mine` = the alerts they wrote and those they received in the target, an
 * alert in both counted once. Admins' sent alerts, once completed ones are asked, are not counted at all: the daily
 * roll-up holds them (companySentAlerts). See docs/decisions.md "Capped totals of the alert log and the outbox".
 */
export async function countListedAlerts(
  ctx: Pick<Ctx, 'db' | 'company' | 'userId' | 'role'>,
  statuses: AlertStatus[],
  scope: 'mine' | 'all',
): Promise<CappedTotal> {
  const sent = statuses.filter((status): status is SentStatus => status !== 'draft');
  if (scope === 'all' && isAdmin(ctx.role)) {
    if (sent.includes('completed')) return companySentAlerts(ctx, sent, statuses.includes('draft'));
    return countCapped(ctx.db, companyParts(ctx, statuses, sent));
  }
  // Both parts are visible to the caller, admin or not: their own alerts, and alerts they received (never drafts).
  return countCapped(ctx.db, [authored(ctx, statuses), ...(sent.length ? [received(ctx, sent)] : [])], {
    overlapping: true,
  });
}

/**
 * An admin's `all` with completed alerts, exactly, from the sum of the company's rows of the daily roll-up
 * "AlertDailyCount" (kept in the same transaction as every alert sent or deleted: every alert with a sentAt, that is
 * every active and completed one) instead of reading 10,001 index entries: one row a day of history. Without active
 * ones asked, the company's active alerts (an index range; they close after 7 days) are taken away; with drafts, the
 * admin's own are added, counted up to the cap.
 */
async function companySentAlerts(
  ctx: Pick<Ctx, 'db' | 'company' | 'userId'>,
  sent: SentStatus[],
  withDrafts: boolean,
): Promise<CappedTotal> {
  const company = Prisma.sql`${ctx.company.id}::uuid`;
  const rolledUp = Prisma.sql`(SELECT coalesce(sum(c.count), 0) FROM "AlertDailyCount" c WHERE c."companyId" = ${company})`;
  const active = sent.includes('active')
    ? Prisma.sql`0`
    : Prisma.sql`(SELECT count(*) FROM "Alert" a WHERE a."companyId" = ${company} AND a.status = 'active')`;
  const drafts = withDrafts
    ? Prisma.sql`(SELECT count(*) FROM (${authored(ctx, ['draft'])} LIMIT ${CAPPED_COUNT_ROWS}) draft)`
    : Prisma.sql`0`;
  const [{ total }] = await ctx.db.$queryRaw<{ total: number }[]>`
    SELECT (${rolledUp} - ${active} + ${drafts})::int AS total`;
  return cappedTotal(total);
}

const statusIn = (statuses: AlertStatus[]) => Prisma.sql`a.status = ANY(${statuses}::"AlertStatus"[])`;

function companyParts(ctx: Counter, statuses: AlertStatus[], sent: SentStatus[]): Prisma.Sql[] {
  return [
    ...(sent.length
      ? [Prisma.sql`SELECT 1 FROM "Alert" a WHERE a."companyId" = ${ctx.company.id}::uuid AND ${statusIn(sent)}`]
      : []),
    ...(statuses.includes('draft') ? [authored(ctx, ['draft'])] : []),
  ];
}

/** The ids of the caller's own alerts of the company (always visible to them, drafts too). */
function authored(ctx: Counter, statuses: AlertStatus[]): Prisma.Sql {
  return Prisma.sql`
    SELECT a.id FROM "Alert" a
    WHERE a."authorId" = ${ctx.userId}::uuid AND a."companyId" = ${ctx.company.id}::uuid AND ${statusIn(statuses)}`;
}

/**
 * The ids of the company's alerts the caller received in the target. Recipient rows are written only as an alert is
 * sent, so each is of an active or a completed alert: with both statuses asked, the rows alone are the answer
 * (index-only on `AlertRecipient(userId, companyId, inTarget, createdAt, alertId)`, whatever the company's history). The active
 * ones are the company's few (they close after 7 days), each looked up in the recipient rows; the completed ones are
 * the rows of any other alert.
 */
function received(ctx: Counter, sent: SentStatus[]): Prisma.Sql {
  const recipientRows = Prisma.sql`
    SELECT r."alertId" FROM "AlertRecipient" r
    WHERE r."userId" = ${ctx.userId}::uuid AND r."companyId" = ${ctx.company.id}::uuid AND r."inTarget"`;
  if (sent.includes('active') && sent.includes('completed')) return recipientRows;
  const companyActive = Prisma.sql`
    SELECT a.id FROM "Alert" a WHERE a."companyId" = ${ctx.company.id}::uuid AND a.status = 'active'`;
  if (sent.includes('completed')) return Prisma.sql`${recipientRows} AND r."alertId" NOT IN (${companyActive})`;
  // A subquery per active alert rather than a join, which the planner may turn round to read every row of the caller.
  return Prisma.sql`${companyActive}
    AND (SELECT r."inTarget" FROM "AlertRecipient" r WHERE r."alertId" = a.id AND r."userId" = ${ctx.userId}::uuid)`;
}
