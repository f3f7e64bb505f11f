import { randomUUID } from 'node:crypto';
import { Worker, type ConnectionOptions, type Queue } from 'bullmq';
import { disconnectDb } from '@/lib/db';
import { requestDeliveryStop } from '@/lib/delivery/delivery-stop';
import { env } from '@/lib/env';
import { beatWorkerHeartbeat, endWorkerHeartbeat, HEARTBEAT_INTERVAL_MS } from '@/lib/workers/worker-heartbeat';
import { noteHeartbeatInFile } from '@/lib/workers/worker-heartbeat-file';
import { logger } from '@/lib/logger';
import { closeSmtp } from '@/lib/providers/email/deliver-by-smtp';
import {
  JOB_OPTIONS,
  MAINTENANCE_SCHEDULE,
  maintenanceQueue,
  QUEUES,
  queueOptions,
  type MaintenanceJob,
  type QueueName,
} from '@/lib/queue';
import { closeEmitter } from '@/lib/realtime/emit-company-event';
import { createRedis, disconnectRedis } from '@/lib/redis';
import { assertNoEviction } from './check-redis';
import { queueProcessor } from './job-registry';

// The worker process: everything timed or slow. Several workers may run; BullMQ hands each job to one of them.
// WORKER_QUEUES names the queues this one serves (all by default); jobs/job-registry.ts runs each queue's jobs.

/**
 * How often a delivery job may be handed on after its worker died before BullMQ fails it (its default is once). A delivery
 * run is safe to start again at any point (each receipt is claimed once, and one in doubt is looked up at the provider),
 * and a failed one is started again by resume-deliveries a minute later anyway: a low limit would only make every crash
 * after the first cost a minute of an alert's fan-out. BullMQ never resets the count, so it is a job's lifetime total.
 */
const DELIVERY_MAX_STALLED = 100;

/** How many jobs of each queue one worker runs at once, and how often one job may be handed on after a crash. */
const QUEUE_SETTINGS: Record<QueueName, { concurrency: number; maxStalledCount?: number }> = {
  maintenance: { concurrency: 1 },
  email: { concurrency: env.WORKER_CONCURRENCY },
  sms: { concurrency: env.WORKER_CONCURRENCY },
  delivery: { concurrency: env.WORKER_CONCURRENCY, maxStalledCount: DELIVERY_MAX_STALLED },
  missions: { concurrency: env.WORKER_CONCURRENCY },
  positionings: { concurrency: env.WORKER_CONCURRENCY },
};

/** The maintenance jobs' schedules (idempotent upserts, so every worker serving maintenance can do it). */
async function scheduleMaintenance(connection: ConnectionOptions): Promise<Queue> {
  const queue = maintenanceQueue(connection);
  for (const [name, pattern] of Object.entries(MAINTENANCE_SCHEDULE) as [MaintenanceJob, string][]) {
    await queue.upsertJobScheduler(name, { pattern }, { name, data: {}, opts: JOB_OPTIONS.maintenance });
  }
  return queue;
}

const connection = createRedis({ maxRetriesPerRequest: null });
try {
  await assertNoEviction(connection);
} catch (error) {
  logger.error('worker cannot start', { reason: (error as Error).message });
  process.exit(1);
}

const schedules = env.WORKER_QUEUES.includes(QUEUES.maintenance) ? await scheduleMaintenance(connection) : null;

const workers = env.WORKER_QUEUES.map(
  (name) =>
    new Worker(name, queueProcessor(name), {
      ...queueOptions(connection),
      concurrency: QUEUE_SETTINGS[name].concurrency,
      maxStalledCount: QUEUE_SETTINGS[name].maxStalledCount ?? 1,
      lockDuration: env.WORKER_LOCK_SECONDS * 1000,
      stalledInterval: env.WORKER_STALLED_CHECK_SECONDS * 1000,
    }),
);
for (const worker of workers) {
  worker.on('failed', (job, error) =>
    logger.error('job failed', { queue: worker.name, job: job?.name, jobId: job?.id, error }),
  );
  worker.on('error', (error) => logger.error('worker error', { queue: worker.name, error }));
}
await Promise.all(workers.map((worker) => worker.waitUntilReady()));
// Readiness (GET /api/health/ready) counts this process as serving its queues while the beats go on.
const workerId = randomUUID();
const beat = async () => {
  await beatWorkerHeartbeat(workerId, env.WORKER_QUEUES);
  if (env.WORKER_HEARTBEAT_FILE) await noteHeartbeatInFile(env.WORKER_HEARTBEAT_FILE, Date.now());
};
await beat();
// The beat under way, so that stopping removes the heartbeat only after it: a beat landing after the removal would
// count this process as alive for three more beats.
let beating: Promise<void> = Promise.resolve();
const heartbeat = setInterval(() => {
  beating = beat().catch((error) => logger.warn('worker heartbeat not written', { error }));
}, HEARTBEAT_INTERVAL_MS);
logger.info('worker ready', {
  queues: workers.map((w) => w.name),
  schedulers: schedules ? Object.keys(MAINTENANCE_SCHEDULE) : [],
  concurrency: env.WORKER_CONCURRENCY,
});

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info('worker stopping', { signal });
  requestDeliveryStop();
  // close() waits for running jobs: a delivery run stops after its current batch and hands its job back (due 5 s later);
  // a job that does not finish in time is handed back by BullMQ's stall check.
  const forced = setTimeout(() => {
    logger.error('worker did not stop in time; exiting');
    process.exit(1);
  }, 25_000);
  forced.unref();
  clearInterval(heartbeat);
  await beating;
  await endWorkerHeartbeat(workerId).catch((error) => logger.warn('worker heartbeat not removed', { error }));
  await Promise.all(workers.map((worker) => worker.close()));
  await schedules?.close();
  closeEmitter();
  closeSmtp();
  await disconnectRedis();
  connection.disconnect();
  await disconnectDb();
  logger.info('worker stopped');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
