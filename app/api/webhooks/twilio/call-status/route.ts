import { receiptKeyInQuery } from '@/lib/receipts/read-receipt-key';
import { noContentAnswer } from '@/lib/http-parts/answers';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { receiveTwilioStatus } from '@/lib/receipts/receive-twilio-status';

export const POST = route(
  {
    auth: 'twilioSignature',
    summary: 'Twilio status callback of an alert call (signed)',
    query: receiptKeyInQuery,
    answer: noContentAnswer,
  },
  (ctx, input) => receiveTwilioStatus(ctx, input, 'call'),
);
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
