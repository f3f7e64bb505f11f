import { listAlerts, listAlertsQuery } from '@/lib/alerts/list-alerts';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';

export const GET = route(
  { role: 'admin', query: listAlertsQuery, summary: 'List all alerts of the company' },
  (ctx, input) => listAlerts(ctx, input, 'all'),
);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
