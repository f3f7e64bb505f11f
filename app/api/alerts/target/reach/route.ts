import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { getReach, reachBody } from '@/lib/targeting/get-reach';

export const POST = route({ role: 'admin', body: reachBody, summary: 'Count who a target would reach' }, getReach);
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
