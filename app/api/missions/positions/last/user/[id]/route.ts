import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { getLastUserPosition, lastUserPositionParams } from '@/lib/missions/get-last-user-position';

export const GET = route({ role: 'admin', feature: 'mission', params: lastUserPositionParams }, getLastUserPosition);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
