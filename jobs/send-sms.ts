import { UnrecoverableError, type Job } from 'bullmq';
import { deliverSmsByTwilio } from '@/lib/providers/sms/deliver-by-twilio';
import { isPermanentTwilioFailure } from '@/lib/providers/twilio/twilio-client';
import { sendMessageOnce } from './send-message-once';
import { smsPayload } from '@/lib/queue';

/** Delivers one queued text message through Twilio. */
export async function sendSmsJob(job: Job): Promise<void> {
  const parsed = smsPayload.safeParse(job.data);
  if (!parsed.success) throw new UnrecoverableError(`invalid SMS job: ${parsed.error.message}`);
  await sendMessageOnce(job, () => deliverSmsByTwilio(parsed.data), isPermanentTwilioFailure);
}
