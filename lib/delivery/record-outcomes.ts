import type { DbClient } from '@/lib/db';
import { deliveryOutcomeCounts } from './delivery-outcome-counts';
import { addToSharedCounters } from '@/lib/metrics/shared-counters';
import { emitCompanyEvent } from '@/lib/realtime/emit-company-event';
import type { ReceiptBatch } from './claim-receipts';
import { isOutboxProviderId } from '@/lib/providers/outbox/outbox-provider-id';

/** After this many attempts a temporary failure counts as final (as many as the dispatch job's own attempts). */
export const MAX_SEND_ATTEMPTS = 8;

export type SendOutcome =
  | { userId: string; sent: true; providerId: string }
  | { userId: string; sent: false; permanent: boolean; reason: string; inDoubt?: false; unwanted?: false }
  /** The provider may have taken it (no answer came): left processing, looked up once its lease ends (claimInDoubtReceipts). */
  | { userId: string; sent: false; inDoubt: true; reason: string; unwanted?: false }
  /**
   * Not requested: no longer wanted when its turn came (a fallback SMS to someone whose app confirmed meanwhile). The
   * receipt is removed, as the pending ones of such people are (dropConfirmedFallbacks).
   */
  | { userId: string; sent: false; unwanted: true; inDoubt?: false; reason: string };

export function unwanted(userId: string): SendOutcome {
  return { userId, sent: false, unwanted: true, reason: 'confirmed' };
}

interface OutcomeRow {
  userId: string;
  state: 'sent' | 'recorded' | 'processing' | 'failed' | 'pending';
  providerId: string | null;
  error: string | null;
}

/**
 * Writes what the provider answered for taken receipts in one statement: sent (with the provider's id), failed (with the
 * reason), back to pending for a later attempt, or still processing when it is in doubt (its lease starts again); and
 * removes those that were no longer wanted. Only a receipt still processing changes state, so a provider callback or a
 * confirmation that came first is kept; the provider id is kept too if a callback stored it first.
 * Returns the people whose receipt went back to pending.
 */
export async function recordOutcomes(
  db: DbClient,
  batch: ReceiptBatch & { companyId: string },
  outcomes: SendOutcome[],
  attempts: Map<string, number>,
  at: Date,
): Promise<string[]> {
  if (outcomes.length === 0) return [];
  const notWanted = outcomes.filter((outcome) => !outcome.sent && outcome.unwanted).map((outcome) => outcome.userId);
  if (notWanted.length > 0)
    await db.$executeRaw`
      DELETE FROM "Receipt"
      WHERE "alertId" = ${batch.alertId}::uuid AND channel = ${batch.channel}::"Channel" AND fallback = ${batch.fallback} AND round = ${batch.round}
        AND "userId" = ANY(${notWanted}::uuid[]) AND state = 'processing'`;
  const retry: string[] = [];
  const rows = outcomes.flatMap((outcome): OutcomeRow[] => {
    if (outcome.sent) {
      const state = isOutboxProviderId(outcome.providerId) ? 'recorded' : 'sent';
      return [{ userId: outcome.userId, state, providerId: outcome.providerId, error: null }];
    }
    if (outcome.unwanted) return [];
    if (outcome.inDoubt)
      return [{ userId: outcome.userId, state: 'processing', providerId: null, error: outcome.reason.slice(0, 500) }];
    const final = outcome.permanent || (attempts.get(outcome.userId) ?? 0) >= MAX_SEND_ATTEMPTS;
    if (!final) retry.push(outcome.userId);
    return [
      {
        userId: outcome.userId,
        state: final ? 'failed' : 'pending',
        providerId: null,
        error: outcome.reason.slice(0, 500),
      },
    ];
  });
  if (rows.length > 0)
    await db.$executeRaw`
    UPDATE "Receipt" r
    SET state = CASE WHEN r.state = 'processing' THEN o.state::"ReceiptState" ELSE r.state END,
        "providerId" = coalesce(r."providerId", o."providerId"),
        "sentAt" = CASE WHEN o.state = 'sent' THEN coalesce(r."sentAt", ${at}) ELSE r."sentAt" END,
        error = CASE WHEN r.state = 'processing' AND o.state <> 'sent' THEN o.error ELSE r.error END,
        "updatedAt" = ${at}
    FROM unnest(${rows.map((row) => row.userId)}::uuid[], ${rows.map((row) => row.state)}::text[],
                ${rows.map((row) => row.providerId)}::text[], ${rows.map((row) => row.error)}::text[])
      AS o("userId", state, "providerId", error)
    WHERE r."alertId" = ${batch.alertId}::uuid AND r."userId" = o."userId" AND r.channel = ${batch.channel}::"Channel"
      AND r.fallback = ${batch.fallback} AND r.round = ${batch.round} AND r.state <> 'pending'`;
  emitCompanyEvent('alertChanged', batch.companyId, { alertId: batch.alertId });
  await addToSharedCounters(deliveryOutcomeCounts(batch, rows, notWanted.length));
  return retry;
}
