import { twilioConfigured } from '@/lib/providers/twilio/twilio-client';
import { enqueue, SMS_JOBS } from '@/lib/queue';
import { recordSmsInOutbox } from './record-sms-in-outbox';
import type { SmsMessage } from './sms-message';

/**
 * Durable, like sendEmail: when it resolves the message will go out even if this process dies now.
 * With Twilio configured, a queued job the worker delivers with retries; without, the outbox records it (DESIGN §6).
 */
export async function sendSms(message: SmsMessage): Promise<void> {
  if (twilioConfigured()) await enqueue(SMS_JOBS.send, message);
  else await recordSmsInOutbox(message);
}
