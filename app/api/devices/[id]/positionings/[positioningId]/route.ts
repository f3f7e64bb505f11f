import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { answerPositioning } from '@/lib/positionings/answer-positioning';
import { getDevicePositioning } from '@/lib/positionings/get-device-positioning';
import { positioningAnswerBody, positioningAnswerParams } from '@/lib/positionings/positioning-body';

export const GET = route(
  {
    auth: 'user',
    params: positioningAnswerParams,
    summary: 'One positioning request to this device, also once answered or closed (open says whether it still counts)',
  },
  getDevicePositioning,
);
export const POST = route(
  {
    auth: 'user',
    params: positioningAnswerParams,
    body: positioningAnswerBody,
    summary: 'The app answers a positioning request with the device’s position, or declines',
  },
  answerPositioning,
);
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
