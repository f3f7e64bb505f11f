import type { Db } from '@/lib/db';
import { emitCompanyEvent } from '@/lib/realtime/emit-company-event';
import { statesBefore } from './receipt-transitions';

/**
 * A confirmation by phone — an SMS reply or a key press during a call: the person counts as reached (no fallback SMS
 * follows) and the receipt(s) it answers move to received, forward only. The first confirmation counts.
 */
export async function confirmByPhone(
  db: Db,
  at: Date,
  recipient: { id: string; alertId: string; userId: string; companyId: string },
  channel: 'sms' | 'voice',
): Promise<void> {
  await db.$transaction([
    db.$executeRaw`UPDATE "AlertRecipient" SET "receivedAt" = coalesce("receivedAt", ${at}) WHERE id = ${recipient.id}::uuid`,
    db.$executeRaw`
      UPDATE "Receipt" SET state = 'received', "receivedAt" = coalesce("receivedAt", ${at}), "updatedAt" = ${at}
      WHERE "alertId" = ${recipient.alertId}::uuid AND "userId" = ${recipient.userId}::uuid AND channel = ${channel}::"Channel" AND state = ANY(${statesBefore('received')}::"ReceiptState"[])`,
  ]);
  emitCompanyEvent('alertChanged', recipient.companyId, { alertId: recipient.alertId });
}
