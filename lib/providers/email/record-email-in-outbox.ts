import { db, type DbClient } from '@/lib/db';
import type { EmailMessage } from './email-message';
import { logUnsentEmails } from './log-unsent-emails';

/**
 * The outbox driver: no mail server configured, so the messages are recorded where admins can see what would have gone
 * out, in one statement. `client` may be the caller's transaction, so the records commit (or not) with what the messages
 * are about. Each is also printed in the log (logUnsentEmails): on a fresh install nobody can open an outbox yet.
 */
export async function recordEmailsInOutbox(messages: readonly EmailMessage[], client: DbClient = db()): Promise<void> {
  await client.outboundMessage.createMany({
    data: messages.map((message) => ({
      channel: 'email' as const,
      recipient: message.to,
      subject: message.subject,
      body: message.text,
      payload: message.replyTo ? { html: message.html, replyTo: message.replyTo } : { html: message.html },
      status: 'sent' as const,
      companyId: message.companyId ?? null,
    })),
  });
  logUnsentEmails(messages);
}
