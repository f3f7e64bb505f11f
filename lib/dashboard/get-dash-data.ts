import { isAdmin } from '@/lib/auth/roles';
import { maxUsers } from '@/lib/companies/max-users';
import type { Ctx } from '@/lib/context';
import { hasAppSql } from '@/lib/devices/can-receive-push';
import { Prisma } from '@/lib/generated/prisma/client';
import { getDashAlerts } from './get-dash-alerts';
import { getDashMissions } from './get-dash-missions';
import { getDashScenarios } from './get-dash-scenarios';

/**
 * Spec §3 Dashboard data for the current company. Admins see every alert of the company and the admin-only parts
 * (missions, scenarios, members without the app: no device that can receive push; the positions map asks
 * GET /api/dash/positions for its view). Others see only alerts they sent or received, and the
 * summary; for them the admin-only lists are empty, their counts 0 and usersWithoutDevices null.
 */
export async function getDashData(ctx: Ctx) {
  const admin = isAdmin(ctx.role);
  const companyId = ctx.company.id;

  const [company, usersCount, alerts, adminPart] = await Promise.all([
    ctx.db.company.findUniqueOrThrow({
      where: { id: companyId },
      select: { plan: true, includedSeats: true, extraSeats: true },
    }),
    ctx.db.membership.count({ where: { companyId, deletedAt: null } }),
    getDashAlerts(ctx),
    admin ? adminData(ctx) : null,
  ]);

  return {
    plan: company.plan,
    maxUsers: maxUsers(company),
    usersCount,
    usersWithoutDevices: adminPart?.usersWithoutDevices ?? null,
    activeAlertsCount: alerts.activeAlertsCount,
    latestAlerts: alerts.latestAlerts,
    activeMissions: adminPart?.activeMissions ?? [],
    activeMissionsCount: adminPart?.activeMissionsCount ?? 0,
    scenarios: adminPart?.scenarios ?? [],
    chartData: alerts.chartData,
  };
}

async function adminData(ctx: Ctx) {
  const [usersWithoutDevices, missions, scenarios] = await Promise.all([
    membersWithoutApp(ctx),
    getDashMissions(ctx),
    getDashScenarios(ctx).then((part) => part.scenarios),
  ]);
  return {
    usersWithoutDevices,
    ...missions,
    scenarios,
  };
}

/** The company's active members without a device that can receive push: one pass over its memberships by index. */
async function membersWithoutApp(ctx: Ctx): Promise<number> {
  const [row] = await ctx.db.$queryRaw<{ count: number }[]>`
    SELECT count(*)::int AS count FROM "Membership" m
    WHERE m."companyId" = ${ctx.company.id}::uuid AND m."deletedAt" IS NULL AND NOT ${hasAppSql(Prisma.sql`m."userId"`)}`;
  return row.count;
}

export type DashData = Awaited<ReturnType<typeof getDashData>>;
