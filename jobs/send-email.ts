import { UnrecoverableError, type Job } from 'bullmq';
import { deliverBySmtp, isPermanentSmtpFailure } from '@/lib/providers/email/deliver-by-smtp';
import { sendMessageOnce } from './send-message-once';
import { emailPayload } from '@/lib/queue';

/** Delivers one queued e-mail through SMTP. */
export async function sendEmailJob(job: Job): Promise<void> {
  const parsed = emailPayload.safeParse(job.data);
  if (!parsed.success) throw new UnrecoverableError(`invalid e-mail job: ${parsed.error.message}`);
  await sendMessageOnce(job, () => deliverBySmtp(parsed.data), isPermanentSmtpFailure);
}
