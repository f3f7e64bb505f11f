import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { answerPositioning } from '@/lib/positionings/answer-positioning';
import { positioningAnswerBody, positioningAnswerParams } from '@/lib/positionings/positioning-body';

export const POST = route(
  {
    auth: 'user',
    params: positioningAnswerParams,
    body: positioningAnswerBody,
    summary: 'The app answers a positioning request with the device’s position, or declines',
  },
  answerPositioning,
);
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
