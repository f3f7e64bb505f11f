import { now } from '@/lib/clock';
import type { Db } from '@/lib/db';
import { env } from '@/lib/env';
import { unsettledReceipts, type ReceiptBatch } from './claim-receipts';
import { deliverReceipts, type DeliveryLeftovers } from './deliver-receipts';
import { sendEarlyFallbackSms } from './send-early-fallback-sms';
import { hasFallbackSms, loadDeliveryAlert } from './load-delivery-alert';
import { pickChannelSender } from './pick-channel-sender';

/** What a delivery run asks of its job: nothing (done), a retry with backoff, or a look again at a given time. */
export type DeliveryRunEnd = { kind: 'done' } | { kind: 'retry'; pending: number } | { kind: 'comeBack'; at: Date };

/** A stopping worker's job comes back this much later: long enough for the worker to close without taking it again. */
const HAND_BACK_DELAY_MS = 5_000;
/** A part that comes back for its group's unsettled receipts does so this much later at the soonest: it never spins. */
const LOOK_AGAIN_MS = 1_000;

/**
 * One part of a receipt group's sending (any worker runs it; the group's other parts may run at the same time): sends
 * until nothing is left to take, then ends only when the whole group is settled, so a receipt another part put back to
 * pending, or left in the works, always has a part that comes back for it. The part that sees the push settled sends
 * the fallback SMS at once to those the push could not reach (paying plans).
 */
export async function deliverPart(db: Db, group: ReceiptBatch): Promise<DeliveryRunEnd> {
  const alert = await loadDeliveryAlert(db, group.alertId);
  if (!alert) return { kind: 'done' };
  const sender = pickChannelSender(db, alert, group);
  const end = await partEnd(db, group, await deliverReceipts(db, alert, group, sender));
  if (end.kind === 'done' && group.channel === 'push' && !group.fallback && hasFallbackSms(alert))
    await sendEarlyFallbackSms(db, alert);
  return end;
}

async function partEnd(db: Db, group: ReceiptBatch, left: DeliveryLeftovers): Promise<DeliveryRunEnd> {
  const at = now().getTime();
  const leaseMs = env.DELIVERY_LEASE_SECONDS * 1000;
  if (left.handedBack) return { kind: 'comeBack', at: new Date(at + HAND_BACK_DELAY_MS) };
  if (left.unresolved > 0) return { kind: 'comeBack', at: new Date(at + leaseMs) };
  if (left.providerDown > 0) return { kind: 'retry', pending: left.providerDown };
  // Pending receipts pausing after a passing failure (this part's or another's), and receipts some part took and has
  // not recorded yet: if its worker died, they are in doubt once its lease ends.
  const { nextDue, oldestClaim } = await unsettledReceipts(db, group);
  const times = [nextDue?.getTime(), oldestClaim && oldestClaim.getTime() + leaseMs + 1_000].filter(
    (time): time is number => typeof time === 'number',
  );
  if (times.length === 0) return { kind: 'done' };
  return { kind: 'comeBack', at: new Date(Math.max(Math.min(...times), at + LOOK_AGAIN_MS)) };
}
