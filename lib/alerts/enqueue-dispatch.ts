import type { Queue } from 'bullmq';
import { DELIVERY_JOBS, deliveryQueue, dispatchJobId, type DispatchPayload } from '@/jobs/queues';
import { redis } from '@/lib/redis';

/** Retries with backoff for a dispatch that fails as a whole (a provider down); each receipt is guarded on its own. */
const DISPATCH_JOB_OPTIONS = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 2_000 },
  removeOnComplete: true,
  removeOnFail: { age: 7 * 24 * 60 * 60 },
} as const;

const globalForDelivery = globalThis as unknown as { tocsinDeliveryQueue?: Queue };

/**
 * Hands a sent alert to the delivery worker. Resolves once Redis holds the job; the job id is deterministic, so enqueuing
 * the same alert twice dispatches it once.
 */
export async function enqueueDispatch(alertId: string): Promise<void> {
  const queue = (globalForDelivery.tocsinDeliveryQueue ??= deliveryQueue(redis()));
  const payload: DispatchPayload = { alertId };
  await queue.add(DELIVERY_JOBS.dispatch, payload, { ...DISPATCH_JOB_OPTIONS, jobId: dispatchJobId(alertId) });
}
