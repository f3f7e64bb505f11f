import type { Db } from '@/lib/db';
import { logger } from '@/lib/logger';
import { CONTACT_CYCLE_JOBS, startJob } from '@/lib/queue';

/** A step is left to its own job this long past its due time. */
const GRACE_MS = 60_000;

/**
 * The contact cycle's part of the minute sweep of delivery: the step due next of each active alert's cycle, overdue by
 * more than a minute, gets its job back where BullMQ has none queued, delayed or running, or it failed for good — e.g.
 * when Redis lost it. (Lost parts of a step are the delivery sweep's: resumeDeliveries.) Returns the jobs started.
 */
export async function resumeContactCycles(db: Db, at: Date): Promise<number> {
  const overdue = await db.$queryRaw<{ alertId: string; nextStep: number }[]>`
    SELECT c."alertId", c."nextStep" FROM "ContactCycle" c JOIN "Alert" a ON a.id = c."alertId"
    WHERE c."nextStepAt" < ${new Date(at.getTime() - GRACE_MS)} AND a.status = 'active'`;
  let started = 0;
  for (const { alertId, nextStep } of overdue)
    started += Number(await startJob(CONTACT_CYCLE_JOBS.step, { alertId, step: nextStep }, { delay: 0 }));
  if (started > 0) logger.warn('contact cycle: restarted steps that had no job', { started });
  return started;
}
