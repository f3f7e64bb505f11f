import { twimlAnswer } from '@/lib/http/answers';
import { route } from '@/lib/http/route';
import { receiveSmsReply } from '@/lib/receipts/receive-sms-reply';

export const POST = route({ auth: 'none', summary: 'Twilio inbound SMS: a reply confirms the alert or joins its timeline (signed)', answer: twimlAnswer }, (ctx, _input, request) => receiveSmsReply(ctx, request));
