import type { DbClient } from '@/lib/db';
import { env } from '@/lib/env';
import { EMAIL_JOBS, enqueueMany } from '@/lib/queue';
import type { EmailMessage } from './email-message';
import { recordEmailsInOutbox } from './record-email-in-outbox';

/**
 * Durable: when it resolves, the message will go out even if this process dies now.
 * With SMTP_URL, a queued job that the worker delivers with retries; without, the outbox records it (DESIGN §6), in
 * `client` when the caller passes its transaction.
 */
export async function sendEmail(message: EmailMessage, client?: DbClient): Promise<void> {
  await sendEmails([message], client);
}

/** sendEmail for several messages at once: all of them are queued (or recorded) or none. */
export async function sendEmails(messages: readonly EmailMessage[], client?: DbClient): Promise<void> {
  if (env.SMTP_URL) await enqueueMany(EMAIL_JOBS.send, messages);
  else await recordEmailsInOutbox(messages, client);
}
