import { getDashScenarios } from '@/lib/dashboard/get-dash-scenarios';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';

// Admins: the dashboard's scenarios part alone (scenarios, as in /api/dash/data), what an open dashboard reloads after
// a scenario changed.
export const GET = route({ role: 'admin' }, getDashScenarios);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
