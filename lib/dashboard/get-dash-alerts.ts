import { shownAlertType } from '@/lib/alerts/shown-alert-type';
import { visibleAlertsWhere } from '@/lib/alerts/visible-alerts';
import { isAdmin } from '@/lib/auth/roles';
import type { Ctx } from '@/lib/context';
import { Prisma } from '@/lib/generated/prisma/client';
import type { AlertStatus, AlertType } from '@/lib/generated/prisma/enums';
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

/** A row of the latest alerts: what the card shows, and its author's name and photo (null without an author). */
interface LatestAlert {
  id: string;
  sentAt: Date | null;
  title: string;
  message: string;
  type: AlertType;
  status: AlertStatus;
  isLocationRestricted: boolean;
  containsAuthorLocation: boolean;
  author: { name: string; profilePhotoKey: string | null } | null;
}

/** The newest LATEST_ALERTS of the viewer's `sent` alerts with their authors. */
async function latestVisibleAlerts(ctx: Ctx, sent: Prisma.AlertWhereInput): Promise<LatestAlert[]> {
  if (!isAdmin(ctx.role)) return latestOwnAlerts(ctx);
  return ctx.db.alert.findMany({
    where: sent,
    orderBy: { sentAt: 'desc' },
    take: LATEST_ALERTS,
    select: {
      id: true,
      sentAt: true,
      title: true,
      message: true,
      type: true,
      status: true,
      isLocationRestricted: true,
      containsAuthorLocation: true,
      author: { select: { name: true, profilePhotoKey: true } },
    },
  });
}

/**
 * The newest LATEST_ALERTS sent alerts a member sent or received, each way by its own index (the author's alerts by
 * authorId and sentAt, the received ones by the member's recipient rows), not by walking the company's history; with
 * their authors, in one statement (what every member's open dashboard asks after a new alert).
 */
async function latestOwnAlerts(ctx: Ctx): Promise<LatestAlert[]> {
  const rows = await ctx.db.$queryRaw<
    (Omit<LatestAlert, 'author'> & { authorName: string | null; authorPhotoKey: string | null })[]
  >`
    SELECT a.id, a."sentAt", a.title, a.message, a.type::text AS type, a.status::text AS status,
           a."isLocationRestricted", a."containsAuthorLocation",
           u.name AS "authorName", u."profilePhotoKey" AS "authorPhotoKey"
    FROM (
      (SELECT own.id FROM "Alert" own
       WHERE own."authorId" = ${ctx.userId}::uuid AND own."companyId" = ${ctx.company.id}::uuid AND own."sentAt" IS NOT NULL
       ORDER BY own."sentAt" DESC LIMIT ${LATEST_ALERTS})
      UNION
      (SELECT received.id FROM "AlertRecipient" r JOIN "Alert" received ON received.id = r."alertId"
       WHERE r."userId" = ${ctx.userId}::uuid AND r."inTarget" AND received."companyId" = ${ctx.company.id}::uuid
         AND received."sentAt" IS NOT NULL
       ORDER BY received."sentAt" DESC LIMIT ${LATEST_ALERTS})
    ) latest
    JOIN "Alert" a ON a.id = latest.id
    LEFT JOIN "User" u ON u.id = a."authorId"
    ORDER BY a."sentAt" DESC
    LIMIT ${LATEST_ALERTS}`;
  // A user's name is never null: the author is there exactly when the name is.
  return rows.map(({ authorName, authorPhotoKey, ...alert }) => ({
    ...alert,
    author: authorName === null ? null : { name: authorName, profilePhotoKey: authorPhotoKey },
  }));
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
