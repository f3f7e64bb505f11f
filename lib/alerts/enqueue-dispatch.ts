import type { Queue } from 'bullmq';
import { DELIVERY_JOBS, dispatchJobId, fallbackJobId, QUEUES, sharedQueue, type DispatchPayload } from '@/jobs/queues';

/** Retries with backoff for a delivery run that leaves receipts for later (a provider down); each receipt is guarded on its own. */
const DELIVERY_JOB_OPTIONS = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 2_000 },
  removeOnComplete: true,
  removeOnFail: { age: 7 * 24 * 60 * 60 },
} as const;

export function sharedDeliveryQueue(): Queue {
  return sharedQueue(QUEUES.delivery);
}

/**
 * Hands a sent alert to the delivery worker. Resolves once Redis holds the job; the job id is deterministic, so enqueuing
 * the same alert twice dispatches it once.
 */
export async function enqueueDispatch(alertId: string, queue: Queue = sharedDeliveryQueue()): Promise<void> {
  const payload: DispatchPayload = { alertId };
  await queue.add(DELIVERY_JOBS.dispatch, payload, { ...DELIVERY_JOB_OPTIONS, jobId: dispatchJobId(alertId) });
}

/** The alert's fallback SMS job, `delayMs` from now (once per alert, like the dispatch). */
export async function enqueueFallback(alertId: string, delayMs: number, queue: Queue = sharedDeliveryQueue()): Promise<void> {
  const payload: DispatchPayload = { alertId };
  await queue.add(DELIVERY_JOBS.fallback, payload, { ...DELIVERY_JOB_OPTIONS, delay: Math.max(0, delayMs), jobId: fallbackJobId(alertId) });
}
