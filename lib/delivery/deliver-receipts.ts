import { now } from '@/lib/clock';
import type { Db } from '@/lib/db';
import { env } from '@/lib/env';
import { logger } from '@/lib/logger';
import { mapConcurrently } from '@/lib/map-concurrently';
import type { ChannelSender, InDoubtReceipt } from './channel-sender';
import { claimInDoubtReceipts, claimReceipts, renewLease, type ReceiptBatch } from './claim-receipts';
import { deliveryStopRequested } from './delivery-stop';
import { dropConfirmedFallbacks } from './drop-confirmed-fallbacks';
import type { DeliveryAlert } from './load-delivery-alert';
import { recordOutcomes, type SendOutcome } from './record-outcomes';

/** What a delivery run left for a later attempt (receipts that failed for a passing reason are pending again). */
export interface DeliveryLeftovers {
  /** The provider looks down: pending receipts left for the job's next attempt (with backoff). */
  providerDown: number;
  /** Receipts in doubt whose provider could not be asked now: still processing, looked at again after the lease. */
  unresolved: number;
  /** The worker is stopping: the run ended between two batches and its job goes back to the queue. */
  handedBack: boolean;
}

/**
 * Sends one channel's receipts of an alert, as one of the parts that may share the group, batch by batch until none is
 * left: before each batch of due pending receipts, a batch of those a dead worker left in doubt if there are any. Each
 * batch is taken before its provider calls and recorded right after them, so a crash leaves at most one batch of each
 * running part in doubt. A stopping worker finishes its batch and stops.
 */
export async function deliverReceipts(
  db: Db,
  alert: DeliveryAlert,
  batch: ReceiptBatch,
  sender: ChannelSender,
): Promise<DeliveryLeftovers> {
  const scope = { ...batch, companyId: alert.companyId };
  const leftovers: DeliveryLeftovers = { providerDown: 0, unresolved: 0, handedBack: false };

  for (;;) {
    if (deliveryStopRequested()) {
      leftovers.handedBack = true;
      break;
    }
    const at = now();
    const leaseStart = new Date(at.getTime() - env.DELIVERY_LEASE_SECONDS * 1000);
    const inDoubt = await claimInDoubtReceipts(db, batch, leaseStart, at, sender.batchSize);
    if (inDoubt.length > 0) {
      leftovers.unresolved += await settleInDoubt(db, scope, sender, inDoubt);
      continue;
    }
    if (batch.fallback) await dropConfirmedFallbacks(db, batch);
    const claims = await claimReceipts(db, batch, sender.takeNow ? await sender.takeNow() : sender.batchSize, now());
    if (claims.length === 0) break;
    const outcomes = await holdingLease(db, batch, claims, () => sender.send(claims));
    const retry = await recordOutcomes(db, scope, outcomes, attemptsOf(claims), now());
    // A batch where nothing went out and something may work later (or got no answer at all): the provider is down or
    // not answering; the job's retry comes back.
    const unanswered = outcomes.some((outcome) => !outcome.sent && outcome.inDoubt);
    if ((retry.length > 0 || unanswered) && !outcomes.some((outcome) => outcome.sent)) {
      logger.warn('delivery: provider unavailable, leaving the rest for the next attempt', {
        alertId: alert.id,
        channel: batch.channel,
        reason: firstReason(outcomes),
      });
      leftovers.providerDown = await countPending(db, batch);
      break;
    }
  }
  return leftovers;
}

/**
 * Receipts in doubt, one batch: asked at the provider, then recorded as sent (found) or sent again (not found). Returns
 * how many could not be asked: they stay processing and are looked at again after the lease.
 */
async function settleInDoubt(
  db: Db,
  scope: ReceiptBatch & { companyId: string },
  sender: ChannelSender,
  inDoubt: InDoubtReceipt[],
): Promise<number> {
  logger.warn('delivery: receipts in doubt after a worker stopped', {
    alertId: scope.alertId,
    channel: scope.channel,
    fallback: scope.fallback,
    round: scope.round,
    count: inDoubt.length,
  });
  const { found, outcomes } = await holdingLease(db, scope, inDoubt, async () => {
    const found = await mapConcurrently(inDoubt, 10, (claim) => lookUp(sender, claim));
    const foundOutcomes = inDoubt.flatMap((claim, index): SendOutcome[] =>
      found[index] ? [{ userId: claim.userId, sent: true, providerId: found[index] }] : [],
    );
    const resend = inDoubt.filter((_, index) => found[index] === null);
    return { found, outcomes: [...foundOutcomes, ...(resend.length ? await sender.send(resend) : [])] };
  });
  await recordOutcomes(db, scope, outcomes, attemptsOf(inDoubt), now());
  return found.filter((id) => id === undefined).length;
}

/**
 * Runs the provider calls of taken receipts while renewing their lease every third of it, so that another part takes
 * them over as in doubt only when this worker is gone, not when a provider is slow.
 */
async function holdingLease<T>(db: Db, batch: ReceiptBatch, claims: { userId: string }[], calls: () => Promise<T>) {
  const userIds = claims.map((claim) => claim.userId);
  const renew = setInterval(
    () =>
      renewLease(db, batch, userIds, now()).catch((error: unknown) =>
        logger.warn('delivery: could not renew the lease of taken receipts', { alertId: batch.alertId, error }),
      ),
    (env.DELIVERY_LEASE_SECONDS * 1000) / 3,
  );
  try {
    return await calls();
  } finally {
    clearInterval(renew);
  }
}

/** The provider's id, null when it has no such message (send again), undefined when it could not be asked. */
async function lookUp(sender: ChannelSender, claim: InDoubtReceipt): Promise<string | null | undefined> {
  try {
    return await sender.findSent(claim);
  } catch (error) {
    logger.warn('delivery: could not ask the provider about a receipt in doubt', { userId: claim.userId, error });
    return undefined;
  }
}

function attemptsOf(claims: { userId: string; attempts: number }[]): Map<string, number> {
  return new Map(claims.map((claim) => [claim.userId, claim.attempts]));
}

function firstReason(outcomes: SendOutcome[]): string | undefined {
  const failed = outcomes.find((outcome) => !outcome.sent);
  return failed && !failed.sent ? failed.reason : undefined;
}

async function countPending(db: Db, batch: ReceiptBatch): Promise<number> {
  return db.receipt.count({
    where: {
      alertId: batch.alertId,
      channel: batch.channel,
      fallback: batch.fallback,
      round: batch.round,
      state: 'pending',
    },
  });
}
