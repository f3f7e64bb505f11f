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
export const CAPPED_COUNT_ROWS = TOTAL_CAP + 1;

/**
 * A list's total up to TOTAL_CAP (issue 21): the rows of `parts` (disjoint queries selecting anything, one row per
 * listed item) counted in one statement, each part stopping after CAPPED_COUNT_ROWS rows, so a total costs the same
 * with a million rows as with ten thousand.
 *
 * With `overlapping`, parts may list the same item (each still lists an item once), and each selects the item's id.
 * Only when two parts have rows and none reached CAPPED_COUNT_ROWS are they read again, for the number of distinct ids
 * (at most TOTAL_CAP rows each); a part that reaches CAPPED_COUNT_ROWS puts the list over the cap on its own.
 */
export async function countCapped(
  db: DbClient,
  parts: Prisma.Sql[],
  { overlapping = false }: { overlapping?: boolean } = {},
): Promise<CappedTotal> {
  if (parts.length === 0) return { total: 0, totalCapped: false };
  const capped = parts.map((part) => Prisma.sql`(${part} LIMIT ${CAPPED_COUNT_ROWS})`);
  const names = parts.map((_, index) => Prisma.raw(`part${index}`));
  const counts = capped.map((part, index) => Prisma.sql`(SELECT count(*) FROM ${part} part) AS ${names[index]}`);
  const sum = Prisma.join(names, ' + ');
  const oneAtCap = Prisma.sql`greatest(${Prisma.join(names)}) > ${TOTAL_CAP}`;
  const partsWithRows = Prisma.join(
    names.map((name) => Prisma.sql`sign(${name})`),
    ' + ',
  );
  const distinct = Prisma.sql`(SELECT count(*) FROM (${Prisma.join(capped, ' UNION ')}) item)`;
  const counted = overlapping
    ? Prisma.sql`CASE WHEN ${oneAtCap} OR ${partsWithRows} < 2 THEN ${sum} ELSE ${distinct} END`
    : sum;
  // MATERIALIZED: inlined, each use of a count above would count its part again.
  const [{ total }] = await db.$queryRaw<{ total: number }[]>`
    WITH counts AS MATERIALIZED (SELECT ${Prisma.join(counts)}) SELECT (${counted})::int AS total FROM counts`;
  return cappedTotal(total);
}

/** A total counted in full, shown as the capped ones are (screens say "10,000+" past TOTAL_CAP). */
export function cappedTotal(total: number): CappedTotal {
  return { total: Math.min(total, TOTAL_CAP), totalCapped: total > TOTAL_CAP };
}
