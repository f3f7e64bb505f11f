import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { getMyActiveMission } from '@/lib/missions/get-my-active-mission';

export const GET = route({ feature: 'mission' }, getMyActiveMission);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
