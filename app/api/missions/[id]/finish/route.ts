import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { finishMission, missionIdParams } from '@/lib/missions/finish-mission';

export const PUT = route({ feature: 'mission', params: missionIdParams }, finishMission);
export const { GET, POST, PATCH, DELETE, OPTIONS } = otherMethods({ PUT });
