import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { missionIdParams } from '@/lib/missions/finish-mission';
import { getMission } from '@/lib/missions/get-mission';

export const GET = route({ role: 'admin', feature: 'mission', params: missionIdParams }, getMission);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
