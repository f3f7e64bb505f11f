import { env } from '@/lib/env';
import { QUEUE_NAMES, type QueueName } from '@/lib/queue-names';
import { redis } from '@/lib/redis';

/** How often a worker process says it is alive; it counts as gone once three beats are missed. */
export const HEARTBEAT_INTERVAL_MS = 5_000;
export const HEARTBEAT_TTL_MS = 3 * HEARTBEAT_INTERVAL_MS;

// One key per worker process (expiring on its own when the process dies) and a set naming them, so that readiness
// reads a few keys instead of scanning Redis. Under QUEUE_PREFIX: installations (and test servers) sharing a Redis
// do not see each other's workers.
const workersKey = () => `${env.QUEUE_PREFIX}:workers`;
const workerKey = (workerId: string) => `${env.QUEUE_PREFIX}:worker:${workerId}`;

/** Marks the worker alive, serving `queues`, for the next three beats. */
export async function beatWorkerHeartbeat(workerId: string, queues: readonly QueueName[]): Promise<void> {
  await redis()
    .multi()
    .set(workerKey(workerId), JSON.stringify(queues), 'PX', HEARTBEAT_TTL_MS)
    .sadd(workersKey(), workerId)
    .exec();
}

/** A worker stopping on purpose is gone at once, not three beats later. */
export async function endWorkerHeartbeat(workerId: string): Promise<void> {
  await redis().multi().del(workerKey(workerId)).srem(workersKey(), workerId).exec();
}

/** The queues each live worker serves (one entry per worker); workers whose beat ran out are forgotten. */
export async function readLiveWorkers(): Promise<QueueName[][]> {
  const ids = await redis().smembers(workersKey());
  if (ids.length === 0) return [];
  const beats = await redis().mget(ids.map(workerKey));
  const gone = ids.filter((_, index) => beats[index] === null);
  if (gone.length > 0) await redis().srem(workersKey(), ...gone);
  return beats.filter((beat): beat is string => beat !== null).map(servedQueues);
}

function servedQueues(beat: string): QueueName[] {
  const queues: unknown = JSON.parse(beat);
  return Array.isArray(queues) ? QUEUE_NAMES.filter((name) => queues.includes(name)) : [];
}
