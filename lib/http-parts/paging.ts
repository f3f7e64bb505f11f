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
