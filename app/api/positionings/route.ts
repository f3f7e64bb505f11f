import { PAYING_PLANS } from '@/lib/companies/plans';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { requestPositionsBody } from '@/lib/positionings/positioning-body';
import { requestPositions } from '@/lib/positionings/request-positions';

export const POST = route(
  {
    role: 'admin',
    plans: PAYING_PLANS,
    body: requestPositionsBody,
    summary: 'Ask the targeted people’s devices for their position, with a logged reason',
    status: 201,
  },
  requestPositions,
);
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
