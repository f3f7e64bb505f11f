import { UnrecoverableError, type Job } from 'bullmq';
import { deliverBySmtp, isPermanentSmtpFailure } from '@/lib/providers/email/deliver-by-smtp';
import { EMAIL_JOBS, emailPayload } from '@/lib/queue';
import { sendMemberNoticesJob } from './send-member-notices';
import { sendMessageOnce } from './send-message-once';

/** The email queue's jobs: one e-mail to deliver through SMTP, or the e-mails of an addition of members to compose. */
export async function emailJob(job: Job): Promise<void> {
  if (job.name === EMAIL_JOBS.memberNotices) await sendMemberNoticesJob(job);
  else await sendEmailJob(job);
}

/** Delivers one queued e-mail through SMTP. */
async function sendEmailJob(job: Job): Promise<void> {
  const parsed = emailPayload.safeParse(job.data);
  if (!parsed.success) throw new UnrecoverableError(`invalid e-mail job: ${parsed.error.message}`);
  await sendMessageOnce(job, () => deliverBySmtp(parsed.data), isPermanentSmtpFailure);
}
