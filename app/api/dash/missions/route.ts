import { getDashMissions } from '@/lib/dashboard/get-dash-missions';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';

// Admins: the dashboard's missions part alone (activeMissions, activeMissionsCount, as in /api/dash/data), what an open
// dashboard reloads after a new or finished mission.
export const GET = route({ role: 'admin' }, getDashMissions);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
