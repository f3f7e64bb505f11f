import { DelayedError, type Job } from 'bullmq';
import { db } from '@/lib/db';
import { deliverPart } from '@/lib/delivery/deliver-part';
import type { DeliveryPartPayload } from '@/lib/queue';

/**
 * One part of a receipt group's sending. A part whose provider looks down fails, so BullMQ retries it with backoff; one
 * whose group is not settled yet (receipts pausing after a passing failure, or in the works) comes back when they are
 * due, without using an attempt.
 */
export async function deliverPartJob(
  { alertId, channel, fallback, round }: DeliveryPartPayload,
  job: Job,
  token?: string,
): Promise<void> {
  const end = await deliverPart(db(), { alertId, channel, fallback, round });
  if (end.kind === 'retry') throw new Error(`${end.pending} receipts of alert ${alertId} wait for another attempt`);
  if (end.kind === 'comeBack') {
    await job.moveToDelayed(end.at.getTime(), token);
    throw new DelayedError();
  }
}
