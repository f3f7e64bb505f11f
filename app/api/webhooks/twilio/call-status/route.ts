import { noContentAnswer } from '@/lib/http/answers';
import { route } from '@/lib/http/route';
import { receiveTwilioStatus } from '@/lib/receipts/receive-twilio-status';

export const POST = route({ auth: 'none', summary: 'Twilio status callback of an alert call (signed)', answer: noContentAnswer }, (ctx, _input, request) => receiveTwilioStatus(ctx, request, 'call'));
