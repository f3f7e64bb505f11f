import { z } from 'zod';
import type { OperatorCtx } from '@/lib/context';
import type { Prisma } from '@/lib/generated/prisma/client';
import { pageWindow, pagingQuery } from '@/lib/http-parts/paging';
import { OPERATOR_SALES_REQUEST_SELECT, operatorSalesRequestView } from './sales-request-for-operator';

export const SALES_REQUEST_STATUSES = ['open', 'answered', 'all'] as const;
export type SalesRequestStatus = (typeof SALES_REQUEST_STATUSES)[number];

export const listSalesRequestsQuery = pagingQuery(50).extend({
  /** open: not answered yet (the default); answered; all. */
  status: z.enum(SALES_REQUEST_STATUSES).default('open'),
});

const ANSWERED: Record<SalesRequestStatus, Prisma.SalesRequestWhereInput> = {
  open: { answeredAt: null },
  answered: { answeredAt: { not: null } },
  all: {},
};

/**
 * GET /api/operator/salesRequests (issue 35): the "Contact sales" requests of every company (not deleted), newest
 * first, open ones by default, a page at a time with the number matching, for the operators to answer.
 */
export async function listSalesRequests(ctx: OperatorCtx, input: z.output<typeof listSalesRequestsQuery>) {
  const where: Prisma.SalesRequestWhereInput = { ...ANSWERED[input.status], company: { deletedAt: null } };
  const [rows, total] = await Promise.all([
    ctx.db.salesRequest.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      ...pageWindow(input),
      select: OPERATOR_SALES_REQUEST_SELECT,
    }),
    ctx.db.salesRequest.count({ where }),
  ]);
  return { items: rows.map(operatorSalesRequestView), page: input.page, pageSize: input.pageSize, total };
}
