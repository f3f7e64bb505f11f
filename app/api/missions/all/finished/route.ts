import { route } from '@/lib/http/route';
import { listFinishedMissions, listFinishedMissionsQuery } from '@/lib/missions/list-missions';

export const GET = route({ role: 'admin', feature: 'mission', query: listFinishedMissionsQuery }, listFinishedMissions);
