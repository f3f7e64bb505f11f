import { getDashAlerts } from '@/lib/dashboard/get-dash-alerts';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';

// Any member: the dashboard's alerts part alone (latestAlerts, activeAlertsCount, chartData, as in /api/dash/data), what
// an open dashboard reloads after a new alert. Non-admins get only alerts they sent or received.
export const GET = route({}, getDashAlerts);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
