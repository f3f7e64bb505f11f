import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { getMissionSubscribers } from '@/lib/missions/get-mission-subscribers';
import { missionSubscribersBody, replaceMissionSubscribers } from '@/lib/missions/replace-mission-subscribers';

export const GET = route({ role: 'admin', feature: 'mission' }, getMissionSubscribers);
export const PUT = route(
  { role: 'admin', feature: 'mission', body: missionSubscribersBody },
  replaceMissionSubscribers,
);
export const { POST, PATCH, DELETE, OPTIONS } = otherMethods({ GET, PUT });
