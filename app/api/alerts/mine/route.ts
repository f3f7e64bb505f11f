import { listAlerts, listAlertsQuery } from '@/lib/alerts/list-alerts';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';

export const GET = route({ query: listAlertsQuery, summary: 'List the alerts I sent or received' }, (ctx, input) =>
  listAlerts(ctx, input, 'mine'),
);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
