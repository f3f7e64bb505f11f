import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { listFinishedMissions, listFinishedMissionsQuery } from '@/lib/missions/list-finished-missions';

export const GET = route({ role: 'admin', feature: 'mission', query: listFinishedMissionsQuery }, listFinishedMissions);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
