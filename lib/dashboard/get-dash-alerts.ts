import { shownAlertType } from '@/lib/alerts/shown-alert-type';
import { visibleAlertsWhere } from '@/lib/alerts/visible-alerts';
import { isAdmin } from '@/lib/auth/roles';
import type { Ctx } from '@/lib/context';
import { Prisma } from '@/lib/generated/prisma/client';
import { HOME_TIME_ZONE } from '@/lib/home-time-zone';
import { profilePhotoUrl } from '@/lib/me/profile-photo-url';

export const CHART_DAYS = 91;
export const LATEST_ALERTS = 5;

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
  return {
    activeAlertsCount,
    latestAlerts: await Promise.all(
      latestAlerts.map(async (alert) => ({
        id: alert.id,
        created: alert.sentAt!.toISOString(),
        title: alert.title,
        message: alert.message,
        user: alert.author
          ? { name: alert.author.name, profilePhoto: await profilePhotoUrl(alert.author.profilePhotoKey) }
          : null,
        alertType: shownAlertType(alert.type),
        status: alert.status,
        isLocationRestricted: alert.isLocationRestricted,
        containsAuthorLocation: alert.containsAuthorLocation,
      })),
    ),
    chartData,
  };
}

export type DashAlerts = Awaited<ReturnType<typeof getDashAlerts>>;

/** The newest LATEST_ALERTS of the viewer's `sent` alerts with their authors. */
async function latestVisibleAlerts(ctx: Ctx, sent: Prisma.AlertWhereInput) {
  return ctx.db.alert.findMany({
    where: isAdmin(ctx.role) ? sent : { id: { in: await latestOwnAlertIds(ctx) } },
    orderBy: { sentAt: 'desc' },
    take: LATEST_ALERTS,
    include: { author: { select: { name: true, profilePhotoKey: true } } },
  });
}

/**
 * The newest LATEST_ALERTS sent alerts a member sent or received, each way by its own index (the author's alerts by
 * authorId and sentAt, the received ones by the member's recipient rows), not by walking the company's history.
 */
async function latestOwnAlertIds(ctx: Ctx): Promise<string[]> {
  const rows = await ctx.db.$queryRaw<{ id: string }[]>`
    (SELECT a.id, a."sentAt" FROM "Alert" a
     WHERE a."authorId" = ${ctx.userId}::uuid AND a."companyId" = ${ctx.company.id}::uuid AND a."sentAt" IS NOT NULL
     ORDER BY a."sentAt" DESC LIMIT ${LATEST_ALERTS})
    UNION
    (SELECT a.id, a."sentAt" FROM "AlertRecipient" r JOIN "Alert" a ON a.id = r."alertId"
     WHERE r."userId" = ${ctx.userId}::uuid AND r."inTarget" AND a."companyId" = ${ctx.company.id}::uuid
       AND a."sentAt" IS NOT NULL
     ORDER BY a."sentAt" DESC LIMIT ${LATEST_ALERTS})`;
  return rows.map((row) => row.id);
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

/** A member's chart: the alerts they sent or received per day, found through their own rows like latestOwnAlertIds. */
function ownAlertsPerDay(ctx: Ctx) {
  const { first, today } = chartDays(ctx.now);
  const zone = HOME_TIME_ZONE;
  const from = Prisma.sql`(${first}::timestamp AT TIME ZONE ${zone})`;
  const until = Prisma.sql`((${today} + 1)::timestamp AT TIME ZONE ${zone})`;
  return ctx.db.$queryRaw<{ date: string; count: number }[]>(
    everyDay(
      ctx.now,
      Prisma.sql`SELECT (a."sentAt" AT TIME ZONE ${zone})::date AS day, count(*)::int AS count
        FROM "Alert" a
        WHERE a.id IN (
          SELECT own.id FROM "Alert" own
          WHERE own."authorId" = ${ctx.userId}::uuid AND own."sentAt" >= ${from} AND own."sentAt" < ${until}
          UNION
          SELECT r."alertId" FROM "AlertRecipient" r WHERE r."userId" = ${ctx.userId}::uuid AND r."inTarget")
          AND a."companyId" = ${ctx.company.id}::uuid AND a."sentAt" >= ${from} AND a."sentAt" < ${until}
        GROUP BY 1`,
    ),
  );
}
