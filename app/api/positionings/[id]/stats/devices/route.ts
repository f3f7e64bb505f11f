import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { getPositioningStats } from '@/lib/positionings/get-positioning-stats';
import { positioningIdParams } from '@/lib/positionings/positioning-body';

export const GET = route(
  { role: 'admin', params: positioningIdParams, summary: 'How many devices asked are in each state of a positioning' },
  (ctx, input) => getPositioningStats(ctx, input, 'devices'),
);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
