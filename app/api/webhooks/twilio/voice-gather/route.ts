import { twimlAnswer } from '@/lib/http/answers';
import { route } from '@/lib/http/route';
import { twilioWebhook } from '@/lib/providers/twilio/read-twilio-webhook';
import { keyPressQuery, receiveKeyPress } from '@/lib/voice/receive-key-press';

export const POST = route(
  {
    auth: 'none',
    summary: 'Twilio key press during an alert call: 1 confirms (signed)',
    query: keyPressQuery,
    read: twilioWebhook,
    answer: twimlAnswer,
  },
  receiveKeyPress,
);
