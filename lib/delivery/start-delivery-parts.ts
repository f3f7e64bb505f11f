import type { Db } from '@/lib/db';
import { DELIVERY_JOBS, startJob, type DeliveryWave } from '@/lib/queue';
import type { ReceiptGroup } from './claim-receipts';
import type { DeliveryAlert } from './load-delivery-alert';
import { pickChannelSender } from './pick-channel-sender';

/**
 * At most this many parts share one receipt group: enough for several workers at WORKER_CONCURRENCY 8 each, while a
 * part that finds nothing left costs one query. (A setting to be: DELIVERY_MAX_PARTS.)
 */
export const MAX_PARTS_PER_GROUP = 16;

/**
 * Starts the parts that send the given receipt groups of an alert: one per batch of pending receipts, at most
 * MAX_PARTS_PER_GROUP, and one for a group with receipts only in the works (a dead worker's are in doubt after the
 * lease). Parts that BullMQ still has are left as they are, failed ones are retried. Returns the parts started.
 */
export async function startDeliveryParts(
  db: Db,
  alert: DeliveryAlert,
  groups: ReceiptGroup[],
  wave: DeliveryWave,
): Promise<number> {
  if (groups.length === 0) return 0;
  const counts = await db.receipt.groupBy({
    by: ['channel', 'fallback', 'round', 'state'],
    where: { alertId: alert.id, state: { in: ['pending', 'processing'] } },
    _count: true,
  });
  let started = 0;
  for (const group of groups) {
    const { channel, fallback, round } = group;
    const count = (state: string) =>
      counts.find(
        (row) => row.channel === channel && row.fallback === fallback && row.round === round && row.state === state,
      )?._count ?? 0;
    if (count('pending') + count('processing') === 0) continue;
    const { batchSize } = pickChannelSender(db, alert, group);
    const parts = Math.min(MAX_PARTS_PER_GROUP, Math.max(1, Math.ceil(count('pending') / batchSize)));
    for (let part = 0; part < parts; part += 1) {
      const payload = { alertId: alert.id, channel, fallback, round, wave, part };
      started += Number(await startJob(DELIVERY_JOBS.part, payload));
    }
  }
  return started;
}
