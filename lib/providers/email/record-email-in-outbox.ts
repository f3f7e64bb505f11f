import { db, type DbClient } from '@/lib/db';
import type { EmailMessage } from './email-message';

/**
 * The outbox driver: no mail server configured, so the message is recorded where admins can see what would have gone out.
 * `client` may be the caller's transaction, so the record commits (or not) with what the message is about.
 */
export async function recordEmailInOutbox(message: EmailMessage, client: DbClient = db()): Promise<void> {
  await client.outboundMessage.create({
    data: {
      channel: 'email',
      recipient: message.to,
      subject: message.subject,
      body: message.text,
      payload: { html: message.html },
      status: 'sent',
      companyId: message.companyId ?? null,
    },
  });
}
