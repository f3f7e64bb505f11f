import type { Job, Queue } from 'bullmq';
import { QUEUE_NAMES, sharedQueue, type QueueName } from '@/lib/queue';
import { redis } from '@/lib/redis';

export const COUNTED_JOB_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

export interface QueueStats {
  queue: QueueName;
  jobs: Record<(typeof COUNTED_JOB_STATES)[number], number>;
  /** Seconds the oldest waiting job has waited for a worker; 0 when none waits. */
  oldestWaitingSeconds: number;
  /** Seconds the earliest delayed job is past its due time without having been moved to waiting (no worker); or 0. */
  overdueDelayedSeconds: number;
}

/** When a waiting job became due: added (plus its delay); for a retry, its last attempt's start (its backoff is not kept). */
export function dueSince(job: Pick<Job, 'timestamp' | 'delay' | 'processedOn'>): number {
  return Math.max(job.timestamp + (job.delay ?? 0), job.processedOn ?? 0);
}

/**
 * The due time (ms) of the queue's earliest delayed job, or null: the score of BullMQ's delayed set is the due time
 * times 0x1000 plus a counter. A retry's backoff is in the score only, not in the job's own fields.
 */
async function earliestDelayedDue(jobs: Queue): Promise<number | null> {
  const [, score] = await redis().zrange(jobs.keys.delayed, '0', '0', 'WITHSCORES');
  return score === undefined ? null : Math.floor(Number(score) / 0x1000);
}

async function statsOf(queue: QueueName, now: number): Promise<QueueStats> {
  const jobs = sharedQueue(queue);
  const [counts, [oldestWaiting], earliestDue] = await Promise.all([
    jobs.getJobCounts(...COUNTED_JOB_STATES),
    // asc: the end of the list, where workers take the next job.
    jobs.getJobs(['wait'], 0, 0, true),
    earliestDelayedDue(jobs),
  ]);
  return {
    queue,
    jobs: Object.fromEntries(COUNTED_JOB_STATES.map((state) => [state, counts[state] ?? 0])) as QueueStats['jobs'],
    oldestWaitingSeconds: oldestWaiting ? Math.max(0, (now - dueSince(oldestWaiting)) / 1000) : 0,
    overdueDelayedSeconds: earliestDue === null ? 0 : Math.max(0, (now - earliestDue) / 1000),
  };
}

/** Each queue's jobs by state and how long its oldest ones have waited past their due time. */
export function readQueueStats(now: number): Promise<QueueStats[]> {
  return Promise.all(QUEUE_NAMES.map((queue) => statsOf(queue, now)));
}
