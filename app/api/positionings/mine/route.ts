import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { listPositioningsQuery } from '@/lib/positionings/positioning-body';
import { listPositionings } from '@/lib/positionings/list-positionings';

export const GET = route(
  { query: listPositioningsQuery, summary: 'Positionings the caller asked for or was located by' },
  (ctx, input) => listPositionings(ctx, input, 'mine'),
);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
