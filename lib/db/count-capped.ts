import type { DbClient } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';

/** The most a list's total counts: beyond it `total` is TOTAL_CAP, `totalCapped` true, and screens say "10,000+". */
export const TOTAL_CAP = 10_000;

export interface CappedTotal {
  total: number;
  /** True when there are more than `total` (= TOTAL_CAP) rows. */
  totalCapped: boolean;
}

/** Rows a capped count reads of each part: one more than the cap tells whether there are more. */
const CAPPED_COUNT_ROWS = TOTAL_CAP + 1;

/**
 * A list's total up to TOTAL_CAP (issue 21): the rows of `parts` (disjoint queries selecting anything, one row per
 * listed item) counted in one statement, each part stopping after CAPPED_COUNT_ROWS rows, so a total costs the same
 * with a million rows as with ten thousand.
 */
export async function countCapped(db: DbClient, parts: Prisma.Sql[]): Promise<CappedTotal> {
  if (parts.length === 0) return { total: 0, totalCapped: false };
  const counts = parts.map((part) => Prisma.sql`(SELECT count(*) FROM (${part} LIMIT ${CAPPED_COUNT_ROWS}) part)`);
  const [{ counted }] = await db.$queryRaw<
    { counted: number }[]
  >`SELECT (${Prisma.join(counts, ' + ')})::int AS counted`;
  return { total: Math.min(counted, TOTAL_CAP), totalCapped: counted > TOTAL_CAP };
}
