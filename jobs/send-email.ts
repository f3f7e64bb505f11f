import { UnrecoverableError, type Job } from 'bullmq';
import { env } from '@/lib/env';
import { deliverBySmtp, isPermanentSmtpFailure } from '@/lib/providers/email/deliver-by-smtp';
import { redis } from '@/lib/redis';
import { emailPayload } from './queues';

const SENT_MARK_SECONDS = 2 * 24 * 60 * 60;

/**
 * Delivers one queued e-mail. A job that stalls after the server accepted the message (the worker died before BullMQ
 * recorded completion) runs again: the mark set right after acceptance keeps it from sending twice.
 */
export async function sendEmailJob(job: Job): Promise<void> {
  const parsed = emailPayload.safeParse(job.data);
  if (!parsed.success) throw new UnrecoverableError(`invalid e-mail job: ${parsed.error.message}`);
  const sentMark = `${env.QUEUE_PREFIX}:email-sent:${job.id}:${job.timestamp}`;
  if (await redis().exists(sentMark)) return;
  try {
    await deliverBySmtp(parsed.data);
  } catch (error) {
    if (isPermanentSmtpFailure(error)) throw new UnrecoverableError(`the mail server refused the message: ${(error as Error).message}`);
    throw error;
  }
  await redis().set(sentMark, '1', 'EX', SENT_MARK_SECONDS);
}
