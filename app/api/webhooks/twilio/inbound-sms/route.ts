import { twimlAnswer } from '@/lib/http-parts/answers';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { receiveSmsReply } from '@/lib/receipts/receive-sms-reply';

export const POST = route(
  {
    auth: 'twilioSignature',
    summary:
      'Twilio inbound SMS: STOP / START / HELP keywords, or a reply that confirms the alert or joins its timeline (signed)',
    answer: twimlAnswer,
  },
  receiveSmsReply,
);
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
