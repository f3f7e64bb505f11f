import { UnrecoverableError, type Job } from 'bullmq';
import { deliverSmsByTwilio } from '@/lib/providers/sms/deliver-by-twilio';
import { isPermanentTwilioFailure } from '@/lib/providers/twilio/twilio-client';
import { deliverOnce } from './deliver-once';
import { smsPayload } from '@/lib/queue';

/** Delivers one queued text message through Twilio. */
export async function sendSmsJob(job: Job): Promise<void> {
  const parsed = smsPayload.safeParse(job.data);
  if (!parsed.success) throw new UnrecoverableError(`invalid SMS job: ${parsed.error.message}`);
  await deliverOnce(job, () => deliverSmsByTwilio(parsed.data), isPermanentTwilioFailure);
}
