import { getDashMissions } from '@/lib/dashboard/get-dash-missions';
import { route } from '@/lib/http/route';

// Admins: the dashboard's missions part alone (activeMissions, activeMissionsCount, as in /api/dash/data), what an open
// dashboard reloads after a new or finished mission.
export const GET = route({ role: 'admin' }, getDashMissions);
