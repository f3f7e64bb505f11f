import { findMyAlertsPage } from '@/lib/alerts/find-my-alerts-page';
import { visibleAlertsWhere } from '@/lib/alerts/visible-alerts';
import { isAdmin } from '@/lib/auth/roles';
import type { Ctx } from '@/lib/context';
import { Prisma } from '@/lib/generated/prisma/client';
import { HOME_TIME_ZONE } from '@/lib/home-time-zone';
import { dashAlertRow, LATEST_ALERT_SELECT, type LatestAlert } from './dash-alert-row';
import { CHART_DAYS, LATEST_ALERTS } from './dash-limits';

/**
 * The dashboard's alerts part (spec §3), what a new alert changes: the latest sent alerts, the count of active ones and
 * the alerts per day. Admins see every alert of the company, others those they sent or received.
 */
export async function getDashAlerts(ctx: Ctx) {
  const sent: Prisma.AlertWhereInput = { AND: [visibleAlertsWhere(ctx), { sentAt: { not: null } }] };
  const [activeAlertsCount, latestAlerts, chartData] = await Promise.all([
    ctx.db.alert.count({ where: { ...sent, status: 'active' } }),
    latestVisibleAlerts(ctx, sent),
    isAdmin(ctx.role) ? companyAlertsPerDay(ctx) : ownAlertsPerDay(ctx),
  ]);
  return { activeAlertsCount, latestAlerts: await Promise.all(latestAlerts.map(dashAlertRow)), chartData };
}

export type DashAlerts = Awaited<ReturnType<typeof getDashAlerts>>;

/** The newest LATEST_ALERTS of the viewer's `sent` alerts with their authors. */
async function latestVisibleAlerts(ctx: Ctx, sent: Prisma.AlertWhereInput): Promise<LatestAlert[]> {
  if (!isAdmin(ctx.role)) return latestOwnAlerts(ctx);
  return ctx.db.alert.findMany({
    where: sent,
    orderBy: { sentAt: 'desc' },
    take: LATEST_ALERTS,
    select: LATEST_ALERT_SELECT,
  });
}

/**
 * The newest LATEST_ALERTS sent alerts a member sent or received, with their authors: the page of their own alert log
 * (findMyAlertsPage: each way by its own index, not by walking the company's history nor all they ever received).
 */
async function latestOwnAlerts(ctx: Ctx): Promise<LatestAlert[]> {
  const ids = await findMyAlertsPage(ctx, ['active', 'completed'], { page: 1, pageSize: LATEST_ALERTS });
  return ctx.db.alert.findMany({
    where: { id: { in: ids } },
    orderBy: { sentAt: 'desc' },
    select: LATEST_ALERT_SELECT,
  });
}

/** The chart's first day and the day after today (dates in the home time zone) as SQL, for `now`. */
function chartDays(now: Date) {
  const today = Prisma.sql`(${now}::timestamptz AT TIME ZONE ${HOME_TIME_ZONE})::date`;
  return { first: Prisma.sql`(${today} - ${CHART_DAYS - 1}::int)`, today };
}

/** Every day of the chart with its count from `counts` (an SQL query of `day` and `count`), zero for days without. */
function everyDay(now: Date, counts: Prisma.Sql) {
  const { first, today } = chartDays(now);
  return Prisma.sql`
    SELECT to_char(series.ts::date, 'YYYY-MM-DD') AS date, coalesce(counts.count, 0)::int AS count
    FROM generate_series(${first}, ${today}, interval '1 day') AS series(ts)
    LEFT JOIN (${counts}) counts ON counts.day = series.ts::date
    ORDER BY series.ts`;
}

/**
 * An admin's chart: every sent alert of the company per day, from the daily roll-up "AlertDailyCount" (kept by triggers
 * on "Alert", migration alert_daily_count). An admin sees every sent alert (only drafts are hidden, and drafts are never
 * sent), so the roll-up is exactly their count.
 */
function companyAlertsPerDay(ctx: Ctx) {
  const { first, today } = chartDays(ctx.now);
  return ctx.db.$queryRaw<{ date: string; count: number }[]>(
    everyDay(
      ctx.now,
      Prisma.sql`SELECT c.day, c.count FROM "AlertDailyCount" c
        WHERE c."companyId" = ${ctx.company.id}::uuid AND c.day BETWEEN ${first} AND ${today}`,
    ),
  );
}

/**
 * A member's chart: the alerts they sent or received per day. The received ones are counted from the member's
 * recipient rows of the chart's days alone (their createdAt is the alert's sentAt; index-only), never joined to their
 * alerts; their own alerts are added where they did not also receive them.
 */
function ownAlertsPerDay(ctx: Ctx) {
  const { first, today } = chartDays(ctx.now);
  const zone = HOME_TIME_ZONE;
  const from = Prisma.sql`(${first}::timestamp AT TIME ZONE ${zone})`;
  const until = Prisma.sql`((${today} + 1)::timestamp AT TIME ZONE ${zone})`;
  return ctx.db.$queryRaw<{ date: string; count: number }[]>(
    everyDay(
      ctx.now,
      Prisma.sql`SELECT (sent AT TIME ZONE ${zone})::date AS day, count(*)::int AS count
        FROM (
          SELECT r."createdAt" AS sent FROM "AlertRecipient" r
          WHERE r."userId" = ${ctx.userId}::uuid AND r."companyId" = ${ctx.company.id}::uuid AND r."inTarget"
            AND r."createdAt" >= ${from} AND r."createdAt" < ${until}
          UNION ALL
          SELECT own."sentAt" FROM "Alert" own
          WHERE own."authorId" = ${ctx.userId}::uuid AND own."companyId" = ${ctx.company.id}::uuid
            AND own."sentAt" >= ${from} AND own."sentAt" < ${until}
            AND NOT EXISTS (
              SELECT 1 FROM "AlertRecipient" mine
              WHERE mine."alertId" = own.id AND mine."userId" = ${ctx.userId}::uuid AND mine."inTarget")
        ) alerts
        GROUP BY 1`,
    ),
  );
}
