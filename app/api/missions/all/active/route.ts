import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { listActiveMissions } from '@/lib/missions/list-active-missions';

export const GET = route({ role: 'admin', feature: 'mission' }, listActiveMissions);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
