import type { DbClient } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';

export interface OutboxAlertMessage {
  /** The receipt's key (and the device, for push): recording the same message twice keeps one row. */
  deliveryKey: string;
  /** Null for a push that is not about an alert (a positioning request, a test). */
  alertId: string | null;
  /** Null for a test push of a person in no company. */
  companyId: string | null;
  channel: 'sms' | 'voice' | 'push';
  /** Phone number, or the device's name for push. */
  recipient: string;
  subject?: string;
  body: string;
  payload?: Prisma.InputJsonValue;
}

/**
 * The outbox driver for alert messages (DESIGN §6): no provider configured, so each message is recorded where admins see
 * what would have gone out. Returns each message's outbox row id (its "provider id"), also for rows recorded earlier.
 */
export async function recordAlertMessages(db: DbClient, messages: OutboxAlertMessage[]): Promise<Map<string, string>> {
  if (messages.length === 0) return new Map();
  await db.outboundMessage.createMany({
    data: messages.map(({ deliveryKey, alertId, companyId, channel, recipient, subject, body, payload }) => ({
      deliveryKey,
      alertId,
      companyId,
      channel,
      recipient,
      subject,
      body,
      payload,
      status: 'sent' as const,
    })),
    skipDuplicates: true,
  });
  const rows = await db.outboundMessage.findMany({
    where: { deliveryKey: { in: messages.map((message) => message.deliveryKey) } },
    select: { id: true, deliveryKey: true },
  });
  return new Map(rows.map((row) => [row.deliveryKey as string, row.id]));
}
