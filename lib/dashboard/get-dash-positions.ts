import { z } from 'zod';
import { isAdmin } from '@/lib/auth/roles';
import type { Ctx } from '@/lib/context';
import { newestVisibleLastPositionSql } from '@/lib/devices/visible-positions';
import { Prisma } from '@/lib/generated/prisma/client';

/** Up to this many positions in view are answered one by one; more are grouped on a grid. */
export const MAX_POINTS = 300;
/** Grid cells per 256-pixel tile width at the asked zoom: a cell is about 64 pixels wide on the screen. */
const CELLS_PER_TILE = 4;

const coordinate = (limit: number) =>
  z
    .string()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number)
    .pipe(z.number().min(-limit).max(limit));

export const dashPositionsQuery = z.object({
  /** The viewed box `west,south,east,north` in degrees; west > east crosses the 180th meridian. */
  bounds: z
    .string()
    .transform((text) => text.split(','))
    .pipe(z.tuple([coordinate(180), coordinate(90), coordinate(180), coordinate(90)]))
    .refine(([, south, , north]) => south <= north, 'south must not lie north of north'),
  /** The map's zoom level: the grid's cell size follows it. */
  zoom: z.coerce.number().min(0).max(24),
});

interface Cell {
  count: number;
  lat: number;
  lng: number;
  south: number;
  north: number;
  west: number;
  east: number;
  /** The one position of a cell of one (its person and device key). */
  userId: string;
  deviceKey: string;
}

interface Point {
  lat: number;
  lng: number;
  userName: string;
  deviceName: string | null;
}

/**
 * GET /api/dash/positions (spec §2 Dashboard map, issue 21): the newest position of each device (or of the person, for
 * positions without a device or from removed devices) of the company's active members within the viewed bounds. Up to
 * MAX_POINTS of them one by one (by person, then device); more as grid clusters (count and mean position per cell of
 * about 64 pixels at `zoom`), with the cells of one answered as points. `total` counts the positions in view, `extent`
 * is their bounding box (null: none). Admins only; others get none, as on the dashboard.
 */
export async function getDashPositions(ctx: Ctx, input: z.output<typeof dashPositionsQuery>) {
  if (!isAdmin(ctx.role)) return { total: 0, extent: null, clusters: [], points: [] };
  const [west, south, east, north] = input.bounds;
  const lngInView =
    west <= east
      ? Prisma.sql`lp.lng BETWEEN ${west}::float8 AND ${east}::float8`
      : Prisma.sql`(lp.lng >= ${west}::float8 OR lp.lng <= ${east}::float8)`;
  const inView = Prisma.sql`lp.lat BETWEEN ${south}::float8 AND ${north}::float8 AND ${lngInView}`;
  const lngCell = 360 / (2 ** input.zoom * CELLS_PER_TILE);
  // Mercator stretches latitudes: cells as tall as they are wide on the screen at the view's middle latitude.
  const latCell = lngCell * Math.cos((((south + north) / 2) * Math.PI) / 180);
  const cells = await ctx.db.$queryRaw<Cell[]>`
    SELECT count(*)::int AS count, avg(lp.lat) AS lat, avg(lp.lng) AS lng,
      min(lp.lat) AS south, max(lp.lat) AS north, min(lp.lng) AS west, max(lp.lng) AS east,
      min(lp."userId"::text) AS "userId", min(lp."deviceKey"::text) AS "deviceKey"
    FROM "LastPosition" lp
    JOIN "Membership" m ON m."userId" = lp."userId" AND m."companyId" = ${ctx.company.id}::uuid AND m."deletedAt" IS NULL
    WHERE ${inView} AND ${newestVisibleLastPositionSql(ctx.company.id)}
    GROUP BY floor(lp.lat / ${latCell}::float8), floor(lp.lng / ${lngCell}::float8)`;
  const total = cells.reduce((sum, cell) => sum + cell.count, 0);
  if (total === 0) return { total, extent: null, clusters: [], points: [] };
  const extent = {
    west: Math.min(...cells.map((cell) => cell.west)),
    south: Math.min(...cells.map((cell) => cell.south)),
    east: Math.max(...cells.map((cell) => cell.east)),
    north: Math.max(...cells.map((cell) => cell.north)),
  };
  if (total <= MAX_POINTS) return { total, extent, clusters: [], points: await points(ctx, inView) };
  const ones = cells.filter((cell) => cell.count === 1);
  const chosen = Prisma.sql`(lp."userId", lp."deviceKey") IN (
    SELECT * FROM unnest(${ones.map((cell) => cell.userId)}::uuid[], ${ones.map((cell) => cell.deviceKey)}::uuid[]))`;
  return {
    total,
    extent,
    clusters: cells
      .filter((cell) => cell.count > 1)
      .map((cell) => ({ lat: cell.lat, lng: cell.lng, count: cell.count }))
      .sort((a, b) => b.count - a.count || a.lat - b.lat || a.lng - b.lng),
    points: ones.length ? await points(ctx, chosen) : [],
  };
}

function points(ctx: Ctx, where: Prisma.Sql) {
  return ctx.db.$queryRaw<Point[]>`
    SELECT lp.lat, lp.lng, u.name AS "userName", d.name AS "deviceName"
    FROM "LastPosition" lp
    JOIN "Membership" m ON m."userId" = lp."userId" AND m."companyId" = ${ctx.company.id}::uuid AND m."deletedAt" IS NULL
    JOIN "User" u ON u.id = lp."userId"
    LEFT JOIN "Device" d ON d.id = lp."deviceKey"
    WHERE ${where} AND ${newestVisibleLastPositionSql(ctx.company.id)}
    ORDER BY u.name, d.name NULLS FIRST, lp."userId", lp."deviceKey"`;
}

export type DashPositions = Awaited<ReturnType<typeof getDashPositions>>;
