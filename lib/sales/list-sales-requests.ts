import type { Ctx } from '@/lib/context';
import { env } from '@/lib/env';
import { SALES_REQUEST_SELECT, salesRequestView } from './sales-request-view';

const SHOWN_REQUESTS = 20;

/**
 * GET /api/customer/contactSales: the company's latest sales requests, newest first, and whether this installation
 * e-mails them anywhere (SALES_EMAIL), so the screen can say so before anyone sends one.
 */
export async function listSalesRequests(ctx: Ctx) {
  const rows = await ctx.db.salesRequest.findMany({
    where: { companyId: ctx.company.id },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: SHOWN_REQUESTS,
    select: SALES_REQUEST_SELECT,
  });
  return { items: rows.map(salesRequestView), salesEmailConfigured: Boolean(env.SALES_EMAIL) };
}
