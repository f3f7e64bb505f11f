import { afterAll, beforeAll } from '@jest/globals';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { testEnv } from './test-env';

export { settledJob } from './settled-job';

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
