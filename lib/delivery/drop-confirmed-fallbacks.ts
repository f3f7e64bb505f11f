import type { DbClient } from '@/lib/db';
import type { ReceiptBatch } from './claim-receipts';

/**
 * Removes the receipts not taken yet of a follow-up group (the fallback SMS, or a contact cycle step: fallback = true)
 * of people who confirmed or answered since they were added (app, SMS reply or key press set AlertRecipient.receivedAt;
 * an answer sets answeredAt): the fallback job starts before the 2 minutes are over so that its last SMS goes out by
 * then, and someone whose app confirms meanwhile needs no SMS. Taken ones stay: they may already be at the provider.
 */
export async function dropConfirmedFallbacks(db: DbClient, batch: ReceiptBatch): Promise<number> {
  return db.$executeRaw`
    DELETE FROM "Receipt" r
    USING "AlertRecipient" ar
    WHERE r."alertId" = ${batch.alertId}::uuid AND r.channel = ${batch.channel}::"Channel" AND r.fallback
      AND r.round = ${batch.round} AND r.state = 'pending'
      AND ar."alertId" = r."alertId" AND ar."userId" = r."userId"
      AND (ar."receivedAt" IS NOT NULL OR ar."answeredAt" IS NOT NULL)`;
}
