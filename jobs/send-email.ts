import { UnrecoverableError, type Job } from 'bullmq';
import { deliverBySmtp, isPermanentSmtpFailure } from '@/lib/providers/email/deliver-by-smtp';
import { deliverOnce } from './deliver-once';
import { emailPayload } from '@/lib/queue';

/** Delivers one queued e-mail through SMTP. */
export async function sendEmailJob(job: Job): Promise<void> {
  const parsed = emailPayload.safeParse(job.data);
  if (!parsed.success) throw new UnrecoverableError(`invalid e-mail job: ${parsed.error.message}`);
  await deliverOnce(job, () => deliverBySmtp(parsed.data), isPermanentSmtpFailure);
}
