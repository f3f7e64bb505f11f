import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { listSalesRequests, listSalesRequestsQuery } from '@/lib/operators/list-sales-requests';

export const GET = route(
  { auth: 'operator', query: listSalesRequestsQuery, summary: 'List the sales requests of every company' },
  listSalesRequests,
);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
