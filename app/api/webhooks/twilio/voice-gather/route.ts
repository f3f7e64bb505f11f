import { twimlAnswer } from '@/lib/http/answers';
import { route } from '@/lib/http/route';
import { receiveKeyPress } from '@/lib/voice/receive-key-press';

export const POST = route({ auth: 'none', summary: 'Twilio key press during an alert call: 1 confirms (signed)', answer: twimlAnswer }, (ctx, _input, request) => receiveKeyPress(ctx, request));
