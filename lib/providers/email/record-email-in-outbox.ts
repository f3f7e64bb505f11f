import { db } from '@/lib/db';
import type { EmailMessage } from './email-message';

/** The outbox driver: no mail server configured, so the message is recorded where admins can see what would have gone out. */
export async function recordEmailInOutbox(message: EmailMessage): Promise<void> {
  await db().outboundMessage.create({
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
