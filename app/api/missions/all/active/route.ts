import { route } from '@/lib/http/route';
import { listActiveMissions } from '@/lib/missions/list-missions';

export const GET = route({ role: 'admin', feature: 'mission' }, listActiveMissions);
