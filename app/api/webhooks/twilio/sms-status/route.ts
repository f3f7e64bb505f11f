import { receiptKeyInQuery } from '@/lib/receipts/read-receipt-key';
import { noContentAnswer } from '@/lib/http/answers';
import { route } from '@/lib/http/route';
import { twilioWebhook } from '@/lib/providers/twilio/read-twilio-webhook';
import { receiveTwilioStatus } from '@/lib/receipts/receive-twilio-status';

export const POST = route(
  {
    auth: 'none',
    summary: 'Twilio status callback of an alert SMS (signed)',
    query: receiptKeyInQuery,
    read: twilioWebhook,
    answer: noContentAnswer,
  },
  (ctx, input) => receiveTwilioStatus(ctx, input, 'sms'),
);
