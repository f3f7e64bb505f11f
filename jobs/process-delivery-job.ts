import { DelayedError, UnrecoverableError, type Job } from 'bullmq';
import { db } from '@/lib/db';
import { dispatchAlert, sendFallbackSms } from '@/lib/delivery/dispatch-alert';
import type { DeliveryRunEnd } from '@/lib/delivery/deliver-receipt-groups';
import { DELIVERY_JOBS, dispatchPayload } from '@/lib/queue';

const RUNS = { [DELIVERY_JOBS.dispatch]: dispatchAlert, [DELIVERY_JOBS.fallback]: sendFallbackSms };

/**
 * A delivery job: the dispatch of an alert or its fallback SMS. Receipts that failed for a passing reason make the job
 * fail, so BullMQ retries it with backoff; receipts in doubt bring it back after the lease, without using an attempt.
 */
export async function processDeliveryJob(job: Job, token?: string): Promise<void> {
  const run = RUNS[job.name as keyof typeof RUNS];
  const parsed = dispatchPayload.safeParse(job.data);
  if (!run || !parsed.success)
    throw new UnrecoverableError(`invalid delivery job ${job.name}: ${JSON.stringify(job.data)}`);
  const end: DeliveryRunEnd = await run(db(), parsed.data.alertId);
  if (end.kind === 'retry')
    throw new Error(`${end.pending} receipts of alert ${parsed.data.alertId} wait for another attempt`);
  if (end.kind === 'comeBack') {
    await job.moveToDelayed(end.at.getTime(), token);
    throw new DelayedError();
  }
}
