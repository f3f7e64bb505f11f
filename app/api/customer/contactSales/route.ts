import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { contactSales, contactSalesBody } from '@/lib/sales/contact-sales';
import { listSalesRequests } from '@/lib/sales/list-sales-requests';

export const GET = route({ role: 'admin' }, listSalesRequests);
export const POST = route({ role: 'admin', body: contactSalesBody, status: 201, throttled: true }, contactSales);
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
