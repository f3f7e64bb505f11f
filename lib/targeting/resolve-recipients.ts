import { visibleLastPositionScopeSql } from '@/lib/devices/visible-positions';
import type { Ctx } from '@/lib/context';
import type { DbClient } from '@/lib/db';
import { pointInGeofence } from '@/lib/geo/point-in-geofence';
import { Prisma } from '@/lib/generated/prisma/client';
import type { Geofence } from '@/lib/geo/geofence';
import { hasArea, namesPeople, type AlertTarget } from './alert-target';
import { areaBoxes } from './area-boxes';

type Company = Pick<Ctx, 'company'>;

/**
 * Who a (validated) target reaches, resolved: the chosen people as SQL selecting `"userId"` (every active member when
 * `company` or when only areas are given, else the union of the teams' active members, the users and the owners of the
 * devices) and, when the target has areas (saved locations, drawn area), the ids of those chosen whose newest position
 * (any device) lies in any area — found in SQL by the areas' bounding boxes on the last-position index, then tested
 * exactly here — or null when it has none (everyone chosen is in target). Costs with the people in the boxes, not the
 * company.
 */
export interface ResolvedTarget {
  people: Prisma.Sql;
  inside: string[] | null;
}

export async function resolveTarget(client: DbClient, ctx: Company, target: AlertTarget): Promise<ResolvedTarget> {
  const people = chosenPeopleSql(ctx, target);
  const areas = await targetAreas(client, ctx.company.id, target);
  if (areas.length === 0) return { people, inside: null };
  const candidates = await client.$queryRaw<{ userId: string; lat: number; lng: number }[]>(
    newestPositionsInBoxesSql(people, areas, ctx.company.id),
  );
  const inside = candidates.filter((row) => areas.some((area) => pointInGeofence(row, area))).map((row) => row.userId);
  return { people, inside };
}

/**
 * Who a (validated) target reaches, as SQL selecting `("userId", "inTarget")` for every person to record — for
 * INSERT … SELECT and counts, so that 10,000 people never travel through the app. With areas, a chosen person is in
 * target when their newest position lies in any area and is otherwise recorded out of target (also when no position
 * is known).
 */
export async function resolveRecipients(client: DbClient, ctx: Company, target: AlertTarget): Promise<Prisma.Sql> {
  const { people, inside } = await resolveTarget(client, ctx, target);
  if (inside === null) return Prisma.sql`SELECT people."userId", true AS "inTarget" FROM (${people}) people`;
  return Prisma.sql`
    SELECT people."userId", inside."userId" IS NOT NULL AS "inTarget"
    FROM (${people}) people LEFT JOIN unnest(${inside}::uuid[]) AS inside("userId") ON inside."userId" = people."userId"`;
}

/** The areas of a target: its saved locations' geofences and its drawn area (none: the target has no area). */
export async function targetAreas(client: DbClient, companyId: string, target: AlertTarget): Promise<Geofence[]> {
  if (!hasArea(target)) return [];
  const saved = target.locations.length
    ? await client.location.findMany({
        where: { companyId, id: { in: target.locations } },
        select: { geofence: true },
      })
    : [];
  const areas = saved.map((location) => location.geofence as unknown as Geofence);
  return target.adHocLocation ? [...areas, target.adHocLocation.geofence] : areas;
}

/** The chosen people: active members of the company picked by the target (all of them when no people are named). */
function chosenPeopleSql(ctx: Company, target: AlertTarget): Prisma.Sql {
  const companyId = ctx.company.id;
  const picks: Prisma.Sql[] = [];
  if (target.users.length) picks.push(Prisma.sql`m."userId" = ANY(${target.users}::uuid[])`);
  if (target.teams.length) {
    picks.push(Prisma.sql`m."userId" IN (SELECT tm."userId" FROM "TeamMember" tm JOIN "Team" t ON t.id = tm."teamId"
      WHERE t."companyId" = ${companyId}::uuid AND t.id = ANY(${target.teams}::uuid[]))`);
  }
  if (target.devices.length)
    picks.push(
      Prisma.sql`m."userId" IN (SELECT d."userId" FROM "Device" d WHERE d.id = ANY(${target.devices}::uuid[]))`,
    );
  const everyone = target.company || !namesPeople(target);
  const picked = everyone ? Prisma.empty : Prisma.sql`AND (${Prisma.join(picks, ' OR ')})`;
  return Prisma.sql`SELECT m."userId" FROM "Membership" m WHERE m."companyId" = ${companyId}::uuid AND m."deletedAt" IS NULL ${picked}`;
}

/**
 * The chosen people whose newest position the company may read (visible-positions.ts) lies in one of the areas' boxes,
 * with that position: the LastPosition rows
 * in the boxes (index on lat, lng) whose person is chosen and that are their person's newest (latest recordedAt, then
 * greatest position id). The newest is a subquery with LIMIT, run per row in the boxes on the person's few rows: as
 * NOT EXISTS the planner hashed the whole table.
 */
function newestPositionsInBoxesSql(people: Prisma.Sql, areas: Geofence[], companyId: string): Prisma.Sql {
  const visible = (alias: string) => visibleLastPositionScopeSql(alias, companyId);
  const boxes = areas
    .flatMap(areaBoxes)
    .map(
      (box) =>
        Prisma.sql`(lp.lat BETWEEN ${box.minLat}::float8 AND ${box.maxLat}::float8 AND lp.lng BETWEEN ${box.minLng}::float8 AND ${box.maxLng}::float8)`,
    );
  return Prisma.sql`
    SELECT lp."userId", lp.lat, lp.lng
    FROM "LastPosition" lp
    WHERE (${Prisma.join(boxes, ' OR ')})
      AND lp."userId" IN (${people})
      AND ${visible('lp')}
      AND (lp."recordedAt", lp."positionId") = (
        SELECT newest."recordedAt", newest."positionId" FROM "LastPosition" newest
        WHERE newest."userId" = lp."userId" AND ${visible('newest')}
        ORDER BY newest."recordedAt" DESC, newest."positionId" DESC LIMIT 1)`;
}
