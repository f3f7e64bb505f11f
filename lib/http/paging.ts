import { z } from 'zod';

/** The paging query of list routes (spec §7, §9): page from 1 (default 1), pageSize 1..1000 (default given per list). */
export function pagingQuery(defaultPageSize: number) {
  return z.object({
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(1000).default(defaultPageSize),
  });
}

export type Paging = z.output<ReturnType<typeof pagingQuery>>;

/** Page size of the user, team and alert-message lists (spec §9). */
export const LONG_LIST_PAGE_SIZE = 1000;

/** Prisma's skip/take for a page. */
export function pageWindow(paging: Paging): { skip: number; take: number } {
  return { skip: (paging.page - 1) * paging.pageSize, take: paging.pageSize };
}

/**
 * The most a list's total counts (issue 21): counting stops there, so a total costs the same with a million rows as with
 * ten thousand. Beyond it the answer has `total` = TOTAL_CAP and `totalCapped` true, and screens show "10,000+".
 */
export const TOTAL_CAP = 10_000;

/** Rows a capped count reads: one more than the cap tells whether there are more. */
export const CAPPED_COUNT_ROWS = TOTAL_CAP + 1;

export interface CappedTotal {
  total: number;
  /** True when there are more than `total` (= TOTAL_CAP) rows. */
  totalCapped: boolean;
}

/** The total of a count of at most CAPPED_COUNT_ROWS rows. */
export function cappedTotal(counted: number): CappedTotal {
  return { total: Math.min(counted, TOTAL_CAP), totalCapped: counted > TOTAL_CAP };
}
