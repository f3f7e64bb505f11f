import { twimlAnswer } from '@/lib/http/answers';
import { route } from '@/lib/http/route';
import { twilioWebhook } from '@/lib/providers/twilio/read-twilio-webhook';
import { receiveSmsReply } from '@/lib/receipts/receive-sms-reply';

export const POST = route(
  {
    auth: 'none',
    summary: 'Twilio inbound SMS: a reply confirms the alert or joins its timeline (signed)',
    read: twilioWebhook,
    answer: twimlAnswer,
  },
  receiveSmsReply,
);
