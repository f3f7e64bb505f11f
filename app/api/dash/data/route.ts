import { getDashData } from '@/lib/dashboard/get-dash-data';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';

// Any member of the company. Non-admins get only alerts they sent or received (latest, active count, chart) and the
// plan/user-count summary; the admin-only parts (missions, positions, scenarios) are empty lists for them and
// usersWithoutDevices is null. Chart days are Europe/Oslo calendar days. See lib/dashboard/get-dash-data.ts.
export const GET = route({}, getDashData);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
