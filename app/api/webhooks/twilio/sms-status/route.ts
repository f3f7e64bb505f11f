import { receiptKeyInQuery } from '@/lib/receipts/read-receipt-key';
import { noContentAnswer } from '@/lib/http-parts/answers';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { receiveTwilioStatus } from '@/lib/receipts/receive-twilio-status';

export const POST = route(
  {
    auth: 'twilioSignature',
    summary: 'Twilio status callback of an alert SMS (signed)',
    query: receiptKeyInQuery,
    answer: noContentAnswer,
  },
  (ctx, input) => receiveTwilioStatus(ctx, input, 'sms'),
);
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
