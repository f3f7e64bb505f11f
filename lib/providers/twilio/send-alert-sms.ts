import { required } from '@/lib/env';
import { publicUrl } from '@/lib/http/public-url';
import { twilioClient } from './twilio-client';

/** Where Twilio reports an alert SMS's progress (sent, delivered, undelivered), which moves its receipt. */
export function smsStatusCallbackUrl(): string {
  return publicUrl('/api/webhooks/twilio/sms-status');
}

/**
 * Hands an alert SMS to Twilio; resolves with the message SID once Twilio has accepted it. Twilio's RestException
 * propagates: isPermanentTwilioFailure tells a refused number from an outage.
 */
export async function sendAlertSms(sms: { to: string; body: string; statusCallback: string }): Promise<string> {
  const message = await twilioClient().messages.create({
    to: sms.to,
    from: required('TWILIO_FROM_NUMBER'),
    body: sms.body,
    statusCallback: sms.statusCallback,
  });
  return message.sid;
}
