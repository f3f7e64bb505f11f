import { db } from '@/lib/db';
import type { SmsMessage } from './sms-message';

/** The outbox driver: no SMS provider configured, so the message is recorded where admins can see what would have gone out. */
export async function recordSmsInOutbox(message: SmsMessage): Promise<void> {
  await db().outboundMessage.create({
    data: {
      channel: 'sms',
      recipient: message.to,
      body: message.body,
      status: 'sent',
      companyId: message.companyId ?? null,
    },
  });
}
