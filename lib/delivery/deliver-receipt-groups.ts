import { now } from '@/lib/clock';
import type { Db } from '@/lib/db';
import { env } from '@/lib/env';
import type { Channel } from '@/lib/generated/prisma/enums';
import type { ChannelSender } from './channel-sender';
import { oldestLiveClaim } from './claim-receipts';
import { deliverReceipts, type DeliveryLeftovers } from './deliver-receipts';
import type { DeliveryAlert } from './load-delivery-alert';
import { pushSender } from './push-sender';
import { smsSender } from './sms-sender';
import { voiceSender } from './voice-sender';

/** What a delivery run asks of its job: nothing (done), a retry with backoff, or a look again at a given time. */
export type DeliveryRunEnd = { kind: 'done' } | { kind: 'retry'; pending: number } | { kind: 'comeBack'; at: Date };

export function channelSender(db: Db, alert: DeliveryAlert, channel: Channel, fallback: boolean): ChannelSender {
  if (channel === 'push') return pushSender(db, alert);
  if (channel === 'voice') return voiceSender(db, alert);
  return smsSender(db, alert, fallback);
}

/** A stopping worker's job comes back this much later: long enough for the worker to close without taking it again. */
const HAND_BACK_DELAY_MS = 5_000;

/**
 * Delivers the given receipt groups of an alert side by side (each channel has its own provider, so SMS does not wait
 * for the push to finish) and tells the job how to go on.
 */
export async function deliverReceiptGroups(
  db: Db,
  alert: DeliveryAlert,
  groups: { channel: Channel; fallback: boolean }[],
): Promise<DeliveryRunEnd> {
  const lefts = await Promise.all(
    groups.map(({ channel, fallback }) =>
      deliverReceipts(db, alert, { alertId: alert.id, channel, fallback }, channelSender(db, alert, channel, fallback)),
    ),
  );
  if (lefts.some((left) => left.handedBack))
    return { kind: 'comeBack', at: new Date(now().getTime() + HAND_BACK_DELAY_MS) };
  const total: DeliveryLeftovers = { retry: 0, unresolved: 0, handedBack: false };
  for (const left of lefts) {
    total.retry += left.retry;
    total.unresolved += left.unresolved;
  }
  return runEnd(db, alert.id, total);
}

async function runEnd(db: Db, alertId: string, left: DeliveryLeftovers): Promise<DeliveryRunEnd> {
  const leaseMs = env.DELIVERY_LEASE_SECONDS * 1000;
  if (left.unresolved > 0) return { kind: 'comeBack', at: new Date(now().getTime() + leaseMs) };
  if (left.retry > 0) return { kind: 'retry', pending: left.retry };
  // Receipts another worker took and has not finished: if that worker died, they are in doubt once its lease ends.
  const oldest = await oldestLiveClaim(db, alertId, new Date(now().getTime() - leaseMs));
  return oldest ? { kind: 'comeBack', at: new Date(oldest.getTime() + leaseMs + 1_000) } : { kind: 'done' };
}
