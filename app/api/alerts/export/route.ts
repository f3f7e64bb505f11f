import { exportAlerts, exportAlertsQuery } from '@/lib/alerts/export-alerts';
import { csvFileAnswer } from '@/lib/http-parts/answers';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';

export const GET = route(
  { role: 'admin', query: exportAlertsQuery, summary: 'Export alerts as CSV', answer: csvFileAnswer },
  exportAlerts,
);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
