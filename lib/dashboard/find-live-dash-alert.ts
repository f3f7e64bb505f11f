import { sentOrReceivedSql } from '@/lib/alerts/visible-alerts';
import { isAdmin } from '@/lib/auth/roles';
import type { DbClient } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import type { Role } from '@/lib/generated/prisma/enums';
import { homeDay } from '@/lib/home-time-zone';
import { dashAlertRow, LATEST_ALERT_SELECT, type DashAlertRow } from './dash-alert-row';

/** What a sent alert changes on a dashboard that may see it: its row, and the chart day it counts on. */
export interface LiveDashAlert {
  alert: DashAlertRow;
  /** The alert's day (YYYY-MM-DD) in the home time zone, as the chart counts it. */
  day: string;
}

/**
 * A sent alert of the company as the dashboards of `userIds` (the people with a live connection) take it on without
 * reloading, and which of those people may see it (spec §6, as visibleAlertsWhere: admins every sent alert, others
 * those they sent or received in the target; active members only). Null when it is not a sent alert of the company.
 */
export async function findLiveDashAlert(
  db: DbClient,
  { companyId, alertId, userIds }: { companyId: string; alertId: string; userIds: string[] },
): Promise<{ event: LiveDashAlert; viewers: string[] } | null> {
  const alert = await db.alert.findFirst({
    where: { id: alertId, companyId, sentAt: { not: null } },
    select: LATEST_ALERT_SELECT,
  });
  if (!alert) return null;
  const people = await db.$queryRaw<{ userId: string; role: Role; own: boolean | null }[]>`
    SELECT m."userId", m.role::text AS role, ${sentOrReceivedSql(Prisma.sql`a`, Prisma.sql`m."userId"`)} AS own
    FROM "Alert" a JOIN "Membership" m ON m."companyId" = a."companyId"
    WHERE a.id = ${alertId}::uuid AND m."userId" = ANY(${userIds}::uuid[]) AND m."deletedAt" IS NULL`;
  return {
    event: { alert: await dashAlertRow(alert), day: homeDay(alert.sentAt!) },
    viewers: people.filter((person) => person.own || isAdmin(person.role)).map((person) => person.userId),
  };
}
