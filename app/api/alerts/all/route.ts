import { listAlerts, listAlertsQuery } from '@/lib/alerts/list-alerts';
import { route } from '@/lib/http/route';

export const GET = route(
  { role: 'admin', query: listAlertsQuery, summary: 'List all alerts of the company' },
  (ctx, input) => listAlerts(ctx, input, 'all'),
);
