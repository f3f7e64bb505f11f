import { route } from '@/lib/http/route';
import { getMyActiveMission } from '@/lib/missions/list-missions';

export const GET = route({ feature: 'mission' }, getMyActiveMission);
