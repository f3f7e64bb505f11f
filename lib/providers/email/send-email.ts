import { env } from '@/lib/env';
import { EMAIL_JOBS, enqueue } from '@/lib/queue';
import { recordEmailInOutbox } from './record-email-in-outbox';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The company the message is about, if any (shown with it in the outbox). */
  companyId?: string | null;
}

/**
 * Durable: when it resolves, the message will go out even if this process dies now.
 * With SMTP_URL, a queued job that the worker delivers with retries; without, the outbox records it (DESIGN §6).
 */
export async function sendEmail(message: EmailMessage): Promise<void> {
  if (env.SMTP_URL) await enqueue(EMAIL_JOBS.send, message);
  else await recordEmailInOutbox(message);
}
