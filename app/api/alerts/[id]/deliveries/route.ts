import { alertIdParams } from '@/lib/alerts/find-visible-alert';
import { listDeliveries, listDeliveriesQuery } from '@/lib/alerts/list-deliveries';
import { route } from '@/lib/http/route';

export const GET = route(
  { params: alertIdParams, query: listDeliveriesQuery, summary: 'Delivery report of an alert' },
  listDeliveries,
);
