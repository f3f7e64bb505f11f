import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { fallbackJobId } from '@/lib/queue';
import { settledJob } from '../../helpers/settled-job';
import { testEnv } from '../../helpers/test-env';
import { e2eServerInfo } from './e2e-server-info';

/**
 * Waits until the worker has run the alert's fallback SMS job (delayed to 2 minutes after sending): it is first seen
 * waiting, then gone (done) or failed — the answer, so a test can tell what the fallback did.
 */
export async function fallbackJobSettled(alertId: string, timeoutMs: number): Promise<'done' | 'failed'> {
  const redis = new Redis(testEnv('TEST_REDIS_URL'), { maxRetriesPerRequest: null });
  const delivery = new Queue('delivery', { connection: redis, prefix: e2eServerInfo().queuePrefix });
  try {
    const jobId = fallbackJobId(alertId);
    if (!(await delivery.getJob(jobId))) throw new Error(`No fallback job ${jobId} is waiting`);
    const settled = await settledJob(delivery, jobId, timeoutMs);
    return settled ? 'failed' : 'done';
  } finally {
    await delivery.close();
    redis.disconnect();
  }
}
