import { Prisma } from '@/lib/generated/prisma/client';
import type { PositioningResultState } from '@/lib/generated/prisma/enums';
import type { DbClient } from '@/lib/db';

export type PositioningStats = Record<PositioningResultState, number> & { total: number };

const ANSWERED: PositioningResultState[] = ['found', 'withinArea', 'notInArea'];

/**
 * A person's state in a positioning is that of their row first in this order: the newest answer with a position, else a
 * device still awaited, else outside the target area, else not reached.
 */
export const PERSON_ROW_ORDER = Prisma.sql`
  (r.state = ANY(${ANSWERED}::"PositioningResultState"[])) DESC, r."respondedAt" DESC NULLS LAST,
  (r.state = 'pending') DESC, (r.state = 'outOfTarget') DESC`;

function emptyStats(): PositioningStats {
  return { total: 0, pending: 0, found: 0, notReached: 0, outOfTarget: 0, withinArea: 0, notInArea: 0 };
}

function tally(rows: { positioningId: string; state: PositioningResultState; count: number }[], ids: string[]) {
  const stats = new Map(ids.map((id) => [id, emptyStats()]));
  for (const row of rows) {
    const entry = stats.get(row.positioningId);
    if (!entry) continue;
    entry[row.state] += row.count;
    entry.total += row.count;
  }
  return stats;
}

/** Per positioning: how many people are in each state (each person counted once, by PERSON_ROW_ORDER). */
export async function peopleStats(client: DbClient, positioningIds: string[]): Promise<Map<string, PositioningStats>> {
  if (positioningIds.length === 0) return new Map();
  const rows = await client.$queryRaw<{ positioningId: string; state: PositioningResultState; count: number }[]>`
    SELECT person."positioningId", person.state, count(*)::int AS count FROM (
      SELECT DISTINCT ON (r."positioningId", r."userId") r."positioningId", r.state
      FROM "PositioningResult" r WHERE r."positioningId" = ANY(${positioningIds}::uuid[])
      ORDER BY r."positioningId", r."userId", ${PERSON_ROW_ORDER}
    ) person GROUP BY person."positioningId", person.state`;
  return tally(rows, positioningIds);
}

/** Per positioning: how many of the devices asked are in each state. */
export async function deviceStats(client: DbClient, positioningIds: string[]): Promise<Map<string, PositioningStats>> {
  if (positioningIds.length === 0) return new Map();
  const rows = await client.$queryRaw<{ positioningId: string; state: PositioningResultState; count: number }[]>`
    SELECT r."positioningId", r.state, count(*)::int AS count FROM "PositioningResult" r
    WHERE r."positioningId" = ANY(${positioningIds}::uuid[]) AND r."deviceId" IS NOT NULL
    GROUP BY r."positioningId", r.state`;
  return tally(rows, positioningIds);
}
