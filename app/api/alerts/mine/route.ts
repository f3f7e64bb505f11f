import { listAlerts, listAlertsQuery } from '@/lib/alerts/list-alerts';
import { route } from '@/lib/http/route';

export const GET = route({ query: listAlertsQuery, summary: 'List the alerts I sent or received' }, (ctx, input) =>
  listAlerts(ctx, input, 'mine'),
);
