import type { Queue } from 'bullmq';
import type { Db } from '@/lib/db';
import { env } from '@/lib/env';
import { logger } from '@/lib/logger';
import { DELIVERY_JOBS, dispatchJobId, enqueue, fallbackJobId, QUEUES, sharedQueue } from '@/lib/queue';

/** How long after sending a delivery is expected to have started: the sweep leaves younger alerts to their own job. */
const GRACE_MS = 60_000;

/**
 * The safety net of delivery (every minute): an active alert with receipts not yet sent (pending, or processing past the
 * lease) whose dispatch job is gone or failed gets it back — e.g. when Redis was unreachable right after sending. Likewise
 * the fallback SMS of a paying alert past its 2 minutes with people still waiting for it. Returns the jobs started.
 */
export async function resumeDeliveries(db: Db, at: Date): Promise<number> {
  const before = new Date(at.getTime() - GRACE_MS);
  const leaseStart = new Date(at.getTime() - env.DELIVERY_LEASE_SECONDS * 1000);
  const fallbackBefore = new Date(before.getTime() - env.FALLBACK_SMS_DELAY_SECONDS * 1000);
  const unsent = await db.$queryRaw<{ id: string }[]>`
    SELECT a.id FROM "Alert" a
    WHERE a.status = 'active' AND a."sentAt" < ${before}
      AND EXISTS (
        SELECT 1 FROM "Receipt" rc
        WHERE rc."alertId" = a.id AND (rc.state = 'pending' OR (rc.state = 'processing' AND rc."updatedAt" < ${leaseStart})))`;
  const unfallen = await db.$queryRaw<{ id: string }[]>`
    SELECT a.id FROM "Alert" a JOIN "Company" c ON c.id = a."companyId"
    WHERE a.status = 'active' AND a."sentAt" < ${fallbackBefore} AND c.plan <> 'free' AND 'push' = ANY(a.channels)
      AND EXISTS (
        SELECT 1 FROM "AlertRecipient" r
        JOIN "Receipt" push ON push."alertId" = r."alertId" AND push."userId" = r."userId" AND push.channel = 'push' AND NOT push.fallback
        WHERE r."alertId" = a.id AND r."inTarget" AND r."receivedAt" IS NULL AND push.state NOT IN ('received', 'seen')
          AND NOT EXISTS (SELECT 1 FROM "Receipt" sms WHERE sms."alertId" = r."alertId" AND sms."userId" = r."userId" AND sms.channel = 'sms'))`;

  const queue = sharedQueue(QUEUES.delivery);
  let started = 0;
  for (const { id } of unsent)
    started += Number(await restart(queue, dispatchJobId(id), () => enqueue(DELIVERY_JOBS.dispatch, { alertId: id })));
  for (const { id } of unfallen)
    started += Number(
      await restart(queue, fallbackJobId(id), () => enqueue(DELIVERY_JOBS.fallback, { alertId: id }, { delay: 0 })),
    );
  if (started > 0) logger.warn('delivery: resumed deliveries that had no running job', { started });
  return started;
}

/** Starts the job again unless it is still queued, delayed or running. */
async function restart(queue: Queue, jobId: string, enqueue: () => Promise<void>): Promise<boolean> {
  const job = await queue.getJob(jobId);
  if (!job) {
    await enqueue();
    return true;
  }
  if (await job.isFailed()) {
    await job.retry('failed');
    return true;
  }
  return false;
}
