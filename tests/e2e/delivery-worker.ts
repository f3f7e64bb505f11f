import { Worker } from 'bullmq';
import { processDeliveryJob } from '@/jobs/process-delivery-job';
import { QUEUES, queueOptions } from '@/lib/queue';
import { logger } from '@/lib/logger';
import { createRedis } from '@/lib/redis';

// The e2e server's worker: only the delivery queue of jobs/worker.ts. The timed jobs stay off, because they would change
// other tests' fixtures mid-test (the minute sweep raises the alarm of a mission a dashboard test shows as expired).
const worker = new Worker(QUEUES.delivery, processDeliveryJob, { ...queueOptions(createRedis({ maxRetriesPerRequest: null })), concurrency: 4 });
await worker.waitUntilReady();
logger.info('worker ready', { queues: [QUEUES.delivery] });

process.on('SIGTERM', () => {
  void worker.close().then(() => process.exit(0));
});
