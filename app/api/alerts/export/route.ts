import { exportAlerts, exportAlertsQuery } from '@/lib/alerts/export-alerts';
import { csvFileAnswer } from '@/lib/http/answers';
import { route } from '@/lib/http/route';

export const GET = route(
  { role: 'admin', query: exportAlertsQuery, summary: 'Export alerts as CSV', answer: csvFileAnswer },
  exportAlerts,
);
