import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { startMission, startMissionBody } from '@/lib/missions/start-mission';

export const POST = route({ feature: 'mission', body: startMissionBody, status: 201 }, startMission);
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
