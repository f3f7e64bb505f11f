import { now } from '@/lib/clock';
import type { DbClient } from '@/lib/db';
import { batchedCheck } from './batched-check';
import type { ReceiptBatch } from './claim-receipts';

/** A taken receipt as its sending attempt knows it. */
export interface HeldReceipt {
  userId: string;
  /** The attempt that took it (claimReceipts / claimInDoubtReceipts). */
  attempts: number;
}

/**
 * Asked right before each provider request of a taken receipt: whether this attempt still holds it, renewing its lease
 * if so. A part whose lease renewal came late (a busy worker, a slow database) may have lost its receipts to a sibling
 * part, which took them over as in doubt (an attempt of its own), looked them up at the provider, found nothing yet and
 * sent them: the first part must not send them too. Renewing here also means a receipt can be taken over only a whole
 * lease after its request started, by which time the provider has it and a look-up finds it.
 */
export function receiptHoldCheck(db: DbClient, batch: ReceiptBatch): (receipt: HeldReceipt) => Promise<boolean> {
  return batchedCheck(
    (receipt: HeldReceipt) => `${receipt.userId}:${receipt.attempts}`,
    async (receipts) => {
      const held = await db.$queryRaw<HeldReceipt[]>`
        UPDATE "Receipt" r SET "updatedAt" = ${now()}
        FROM unnest(${receipts.map((receipt) => receipt.userId)}::uuid[],
                    ${receipts.map((receipt) => receipt.attempts)}::int[]) AS h("userId", attempts)
        WHERE r."alertId" = ${batch.alertId}::uuid AND r.channel = ${batch.channel}::"Channel"
          AND r.fallback = ${batch.fallback} AND r.round = ${batch.round} AND r."userId" = h."userId" AND r.attempts = h.attempts
          AND r.state = 'processing'
        RETURNING r."userId", r.attempts`;
      return new Set(held.map((receipt) => `${receipt.userId}:${receipt.attempts}`));
    },
  );
}
