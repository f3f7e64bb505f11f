import { DelayedError, UnrecoverableError, type Job } from 'bullmq';
import { db } from '@/lib/db';
import { deliverPart, type DeliveryRunEnd } from '@/lib/delivery/deliver-part';
import { dispatchAlert, sendFallbackSms } from '@/lib/delivery/dispatch-alert';
import { DELIVERY_JOBS, deliveryPartPayload, dispatchPayload } from '@/lib/queue';

const STARTERS = { [DELIVERY_JOBS.dispatch]: dispatchAlert, [DELIVERY_JOBS.fallback]: sendFallbackSms };

/**
 * A delivery job: the dispatch of an alert or its fallback SMS (both start the parts that send), or one part. A part
 * whose provider looks down fails, so BullMQ retries it with backoff; one whose group is not settled yet (receipts
 * pausing after a passing failure, or in the works) comes back when they are due, without using an attempt.
 */
export async function processDeliveryJob(job: Job, token?: string): Promise<void> {
  const end = await runDeliveryJob(job);
  if (end.kind === 'retry')
    throw new Error(`${end.pending} receipts of alert ${job.data.alertId} wait for another attempt`);
  if (end.kind === 'comeBack') {
    await job.moveToDelayed(end.at.getTime(), token);
    throw new DelayedError();
  }
}

async function runDeliveryJob(job: Job): Promise<DeliveryRunEnd> {
  const invalid = () => new UnrecoverableError(`invalid delivery job ${job.name}: ${JSON.stringify(job.data)}`);
  if (job.name === DELIVERY_JOBS.part) {
    const part = deliveryPartPayload.safeParse(job.data);
    if (!part.success) throw invalid();
    const { alertId, channel, fallback } = part.data;
    return deliverPart(db(), { alertId, channel, fallback });
  }
  const start = STARTERS[job.name as keyof typeof STARTERS];
  const parsed = dispatchPayload.safeParse(job.data);
  if (!start || !parsed.success) throw invalid();
  await start(db(), parsed.data.alertId);
  return { kind: 'done' };
}
