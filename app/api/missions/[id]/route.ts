import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { extendMission, extendMissionBody } from '@/lib/missions/extend-mission';
import { missionIdParams } from '@/lib/missions/finish-mission';
import { getMission } from '@/lib/missions/get-mission';

export const GET = route({ role: 'admin', feature: 'mission', params: missionIdParams }, getMission);
export const PUT = route({ feature: 'mission', params: missionIdParams, body: extendMissionBody }, extendMission);
export const { POST, PATCH, DELETE, OPTIONS } = otherMethods({ GET, PUT });
