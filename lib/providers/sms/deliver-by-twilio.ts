import { required } from '@/lib/env';
import { twilioClient } from '@/lib/providers/twilio/twilio-client';
import type { SmsMessage } from './send-sms';

/** Hands the message to Twilio; resolves with the message SID once Twilio has accepted it. */
export async function deliverSmsByTwilio(message: SmsMessage): Promise<string> {
  const sent = await twilioClient().messages.create({ to: message.to, from: required('TWILIO_FROM_NUMBER'), body: message.body });
  return sent.sid;
}
