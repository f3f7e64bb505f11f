import { twimlAnswer } from '@/lib/http-parts/answers';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { keyPressQuery, receiveKeyPress } from '@/lib/voice/receive-key-press';

export const POST = route(
  {
    auth: 'twilioSignature',
    summary: 'Twilio key press during an alert call: 1 confirms (signed)',
    query: keyPressQuery,
    answer: twimlAnswer,
  },
  receiveKeyPress,
);
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
