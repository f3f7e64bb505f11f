import { required } from '@/lib/env';
import { twilioClient } from '@/lib/providers/twilio/twilio-client';
import type { SmsMessage } from './sms-message';

/**
 * Hands the message to Twilio (from TWILIO_FROM_NUMBER; with a status callback for alert SMS); resolves with the message
 * SID once Twilio has accepted it. Twilio's RestException propagates: isPermanentTwilioFailure tells a refused number
 * from an outage.
 */
export async function deliverSmsByTwilio(
  message: Pick<SmsMessage, 'to' | 'body'> & { statusCallback?: string },
): Promise<string> {
  const sent = await twilioClient().messages.create({
    to: message.to,
    from: required('TWILIO_FROM_NUMBER'),
    body: message.body,
    ...(message.statusCallback ? { statusCallback: message.statusCallback } : {}),
  });
  return sent.sid;
}
