import { twilioConfigured } from '@/lib/providers/twilio/twilio-client';
import { enqueue, SMS_JOBS } from '@/lib/queue';
import { recordSmsInOutbox } from './record-sms-in-outbox';

export interface SmsMessage {
  /** E.164, e.g. +4791234567. */
  to: string;
  body: string;
  /** The company the message is about, if any (shown with it in the outbox). */
  companyId?: string | null;
}

/**
 * Durable, like sendEmail: when it resolves the message will go out even if this process dies now.
 * With Twilio configured, a queued job the worker delivers with retries; without, the outbox records it (DESIGN §6).
 */
export async function sendSms(message: SmsMessage): Promise<void> {
  if (twilioConfigured()) await enqueue(SMS_JOBS.send, message);
  else await recordSmsInOutbox(message);
}
