import { z } from 'zod';
import { db } from '@/lib/db';
import { outboxDrivers } from '@/lib/outbox/outbox-drivers';
import { QUEUE_NAMES, type QueueName } from '@/lib/queue-names';
import { redis } from '@/lib/redis';
import { channelModes } from './channel-modes';
import { readLiveWorkers } from '@/lib/workers/worker-heartbeat';

const TIMEOUT_MS = 2000;

/** The check's answer within TIMEOUT_MS, or null when it failed or took longer. */
async function probe<T>(check: () => Promise<T>): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), TIMEOUT_MS);
  });
  try {
    return await Promise.race([check(), timeout]);
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

const upOrDown = (answer: unknown) => (answer === null ? ('down' as const) : ('up' as const));

/** `workers=optional`: the worker check is reported but does not decide readiness (a web node's own healthcheck). */
export const readinessQuery = z.object({ workers: z.enum(['required', 'optional']).default('required') });

/**
 * Whether the installation can do its work: the database and Redis answer, and (unless `workers` is optional) every
 * queue is served by at least one live worker (lib/workers/worker-heartbeat.ts). `missing` names what is not. Also
 * whether each channel really sends or only records in the outbox. Nothing of the configuration itself (no host names).
 */
export async function checkReadiness(_ctx: unknown, { workers }: z.infer<typeof readinessQuery>) {
  const [database, redisAnswer, liveWorkers] = await Promise.all([
    probe(() => db().$queryRaw`SELECT 1`),
    probe(() => redis().ping()),
    probe(readLiveWorkers),
  ]);
  const served = new Set((liveWorkers ?? []).flat());
  const queuesWithoutWorker = QUEUE_NAMES.filter((name: QueueName) => !served.has(name));
  const missing = [
    ...(database === null ? ['database'] : []),
    ...(redisAnswer === null ? ['redis'] : []),
    ...(workers === 'required' ? queuesWithoutWorker.map((name) => `worker:${name}`) : []),
  ];
  return {
    status: missing.length === 0 ? ('ready' as const) : ('notReady' as const),
    missing,
    database: upOrDown(database),
    redis: upOrDown(redisAnswer),
    workers: { live: liveWorkers?.length ?? 0, queuesWithoutWorker },
    channels: channelModes(outboxDrivers()),
  };
}
