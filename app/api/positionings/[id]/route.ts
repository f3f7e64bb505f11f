import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { getPositioning } from '@/lib/positionings/get-positioning';
import { positioningIdParams } from '@/lib/positionings/positioning-body';

export const GET = route(
  {
    role: 'admin',
    params: positioningIdParams,
    summary: 'One positioning: who asked, why, whom, and how many were found',
  },
  getPositioning,
);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
