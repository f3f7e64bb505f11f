import { afterAll, beforeAll } from '@jest/globals';
import { Queue, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { testEnv } from './test-env';

/** Waits until BullMQ is done with the job: completed jobs are removed (undefined), failed ones stay in the failed state. */
export async function settledJob(queue: Queue, jobId: string, timeoutMs = 30_000): Promise<Job | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await queue.getJob(jobId);
    if (!job) return job;
    // Read again once failed: the job read above may predate the failure (attemptsMade and failedReason not yet set).
    if (await job.isFailed()) return queue.getJob(jobId);
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${await job.getState()} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A Redis connection and the server's delivery queue (by its queue prefix), open for the file's tests: to look at the
 * jobs an operation queued, or to queue one.
 */
export function useDeliveryQueue(api: { server: { queuePrefix: string } }) {
  let redis: Redis | undefined;
  let delivery: Queue | undefined;
  beforeAll(() => {
    redis = new Redis(testEnv('TEST_REDIS_URL'), { maxRetriesPerRequest: null });
    delivery = new Queue('delivery', { connection: redis, prefix: api.server.queuePrefix });
  });
  afterAll(async () => {
    await delivery?.close();
    redis?.disconnect();
  });
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('The delivery queue is not open (beforeAll failed?)');
    return value;
  };
  return {
    get redis() {
      return ready(redis);
    },
    get delivery() {
      return ready(delivery);
    },
  };
}
