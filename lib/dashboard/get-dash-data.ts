import { shownAlertType } from '@/lib/alerts/shown-alert-type';
import { visibleAlertsSql, visibleAlertsWhere } from '@/lib/alerts/visible-alerts';
import { isAdmin } from '@/lib/auth/roles';
import { HOME_TIME_ZONE } from '@/lib/home-time-zone';
import { maxUsers } from '@/lib/companies/max-users';
import type { Ctx } from '@/lib/context';
import { withoutAppWhere } from '@/lib/devices/can-receive-push';
import type { Prisma } from '@/lib/generated/prisma/client';
import { profilePhotoUrl } from '@/lib/me/profile-photo-url';
import { findActiveMissions } from '@/lib/missions/active-missions';
import { isOverdue } from '@/lib/missions/mission-view';
import { listScenarios } from '@/lib/scenarios/list-scenarios';

export const CHART_DAYS = 91;
export const LATEST_ALERTS = 5;

/**
 * Spec §3 Dashboard data for the current company. Admins see every alert of the company and the admin-only parts
 * (missions, scenarios, members without the app: no device that can receive push; the positions map asks
 * GET /api/dash/positions for its view). Others see only alerts they sent or received, and the
 * summary; for them the admin-only lists are empty, their counts 0 and usersWithoutDevices null.
 */
export async function getDashData(ctx: Ctx) {
  const admin = isAdmin(ctx.role);
  const companyId = ctx.company.id;
  const sent: Prisma.AlertWhereInput = { AND: [visibleAlertsWhere(ctx), { sentAt: { not: null } }] };

  const [company, usersCount, activeAlertsCount, latestAlerts, chartData, adminPart] = await Promise.all([
    ctx.db.company.findUniqueOrThrow({
      where: { id: companyId },
      select: { plan: true, includedSeats: true, extraSeats: true },
    }),
    ctx.db.membership.count({ where: { companyId, deletedAt: null } }),
    ctx.db.alert.count({ where: { ...sent, status: 'active' } }),
    ctx.db.alert.findMany({
      where: sent,
      orderBy: { sentAt: 'desc' },
      take: LATEST_ALERTS,
      include: { author: { select: { name: true, profilePhotoKey: true } } },
    }),
    alertsPerDay(ctx),
    admin ? adminData(ctx) : null,
  ]);

  return {
    plan: company.plan,
    maxUsers: maxUsers(company),
    usersCount,
    usersWithoutDevices: adminPart?.usersWithoutDevices ?? null,
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
    activeMissions: adminPart?.activeMissions ?? [],
    activeMissionsCount: adminPart?.activeMissions.length ?? 0,
    scenarios: adminPart?.scenarios ?? [],
    chartData,
  };
}

async function adminData(ctx: Ctx) {
  const companyId = ctx.company.id;
  const activeMember = { memberships: { some: { companyId, deletedAt: null } } };
  const [usersWithoutDevices, missions, scenarios] = await Promise.all([
    ctx.db.user.count({ where: { ...activeMember, ...withoutAppWhere } }),
    findActiveMissions(ctx),
    ctx.company.features.includes('scenario') ? listScenarios(ctx).then((list) => list.items) : [],
  ]);
  return {
    usersWithoutDevices,
    activeMissions: await Promise.all(
      missions.map(async (mission) => ({
        id: mission.id,
        endTime: mission.endTime.toISOString(),
        overdue: isOverdue(mission, ctx.now),
        user: { name: mission.user.name, profilePhoto: await profilePhotoUrl(mission.user.profilePhotoKey) },
      })),
    ),
    scenarios,
  };
}

/**
 * Alerts sent per day over the CHART_DAYS days ending today, zero for days without any. The days are the company's
 * calendar days in the product's home time zone.
 */
function alertsPerDay(ctx: Ctx) {
  const zone = HOME_TIME_ZONE;
  return ctx.db.$queryRaw<{ date: string; count: number }[]>`
    WITH bounds AS (
      SELECT (${ctx.now}::timestamptz AT TIME ZONE ${zone})::date AS today
    ), counts AS (
      SELECT (a."sentAt" AT TIME ZONE ${zone})::date AS day, count(*)::int AS count
      FROM "Alert" a, bounds b
      WHERE ${visibleAlertsSql(ctx, 'a')}
        AND a."sentAt" >= ((b.today - ${CHART_DAYS - 1}::int)::timestamp AT TIME ZONE ${zone})
        AND a."sentAt" < ((b.today + 1)::timestamp AT TIME ZONE ${zone})
      GROUP BY 1
    )
    SELECT to_char(days.day, 'YYYY-MM-DD') AS date, coalesce(counts.count, 0)::int AS count
    FROM bounds b
    CROSS JOIN LATERAL generate_series(b.today - ${CHART_DAYS - 1}::int, b.today, interval '1 day') AS series(ts)
    CROSS JOIN LATERAL (SELECT series.ts::date AS day) days
    LEFT JOIN counts ON counts.day = days.day
    ORDER BY days.day`;
}

export type DashData = Awaited<ReturnType<typeof getDashData>>;
