import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { getPositioningStats } from '@/lib/positionings/get-positioning-stats';
import { positioningIdParams } from '@/lib/positionings/positioning-body';

export const GET = route(
  { role: 'admin', params: positioningIdParams, summary: 'How many people are in each state of a positioning' },
  (ctx, input) => getPositioningStats(ctx, input, 'users'),
);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
