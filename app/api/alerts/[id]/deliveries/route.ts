import { alertIdParams } from '@/lib/alerts/find-visible-alert';
import { listDeliveries, listDeliveriesQuery } from '@/lib/alerts/list-deliveries';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';

export const GET = route(
  { params: alertIdParams, query: listDeliveriesQuery, summary: 'Delivery report of an alert' },
  listDeliveries,
);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
