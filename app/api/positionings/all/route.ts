import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { listPositioningsQuery } from '@/lib/positionings/positioning-body';
import { listPositionings } from '@/lib/positionings/list-positionings';

export const GET = route(
  { role: 'admin', query: listPositioningsQuery, summary: 'The company’s positioning log' },
  (ctx, input) => listPositionings(ctx, input, 'all'),
);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
