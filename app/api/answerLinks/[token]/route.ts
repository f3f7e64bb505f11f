import { answerByLink, answerByLinkBody, answerByLinkParams } from '@/lib/receipts/answer-by-link';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';

export const POST = route(
  {
    auth: 'none',
    summary: "A tap on an alert SMS's tap-to-answer page: answers the response options for the link's recipient",
    params: answerByLinkParams,
    body: answerByLinkBody,
    throttled: true,
  },
  answerByLink,
);
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
