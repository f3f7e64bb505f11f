import { afterAll, beforeAll } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { QueueName } from '@/lib/queue';
import { startAppServer, type AppServer } from '@/scripts/lib/app-server';
import { freePort } from '@/scripts/lib/ports';
import { startRedis, type RunningRedis } from '@/scripts/lib/redis-server';
import { startFakeProviders, type FakeProviders } from './fake-providers';
import { createTestDatabase, type TestDatabase } from './test-database';
import { startTestWorker, type TestWorker } from './test-worker';

/**
 * For a fault test that restarts Redis (R2, R10): a Redis of the file's own with AOF on (as production runs it), a
 * database, the fake Twilio and FCM, a server and a worker on them, started before the file's tests and stopped after.
 * The worker serves only `queues` (no minute sweeps: they would cover for a lost job); `workerEnv` adds to its settings.
 */
export function useOwnRedisStack(name: string, queues: QueueName[], workerEnv: Record<string, string>) {
  let dir: string;
  let redisPort: number;
  const stack = {} as {
    redis: RunningRedis;
    database: TestDatabase;
    providers: FakeProviders;
    server: AppServer;
    worker: TestWorker;
  };
  const startWorker = () =>
    startTestWorker({
      ...process.env,
      DATABASE_URL: stack.database.url,
      DATABASE_POOL_SIZE: '4',
      REDIS_URL: stack.redis.url,
      QUEUE_PREFIX: stack.server.queuePrefix,
      PUBLIC_URL: stack.server.url,
      WORKER_QUEUES: queues.join(','),
      ...workerEnv,
      ...stack.providers.env,
    });

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), `tocsin-${name}-`));
    redisPort = await freePort();
    stack.redis = await startRedis({ dir, port: redisPort, persistent: true });
    [stack.database, stack.providers] = await Promise.all([createTestDatabase(), startFakeProviders()]);
    stack.server = await startAppServer({ databaseUrl: stack.database.url, redisUrl: stack.redis.url });
    stack.worker = await startWorker();
  }, 120_000);

  afterAll(async () => {
    await stack.worker?.stop();
    await stack.server?.stop();
    await stack.providers?.stop();
    await stack.database?.drop();
    await stack.redis?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  return {
    get redis() {
      return stack.redis;
    },
    get database() {
      return stack.database;
    },
    get providers() {
      return stack.providers;
    },
    get server() {
      return stack.server;
    },
    get worker() {
      return stack.worker;
    },
    /** SIGKILLs the worker and starts a new one at once. */
    async killWorker(): Promise<void> {
      const exited = new Promise((resolve) => stack.worker.process.once('exit', resolve));
      stack.worker.process.kill('SIGKILL');
      await exited;
      stack.worker = await startWorker();
    },
    /**
     * Crashes Redis (SIGKILL) once the AOF had a second to write the last job (appendfsync everysec, Redis's default),
     * and starts it again `downMs` later on the same port and folder. Resolves when it is back, with when it crashed.
     */
    async crashRedis(downMs: number): Promise<number> {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const exited = new Promise((resolve) => stack.redis.process.once('exit', resolve));
      stack.redis.process.kill('SIGKILL');
      await exited;
      const crashedAt = Date.now();
      await new Promise((resolve) => setTimeout(resolve, downMs));
      stack.redis = await startRedis({ dir, port: redisPort, persistent: true });
      return crashedAt;
    },
    /** The ids of the delayed jobs of the given queues, seen through a connection of the test's own. */
    async delayedJobIds(names: QueueName[] = queues): Promise<string[]> {
      const connection = new Redis(stack.redis.url, { maxRetriesPerRequest: null });
      const opened = names.map((queue) => new Queue(queue, { connection, prefix: stack.server.queuePrefix }));
      try {
        return (await Promise.all(opened.map((queue) => queue.getDelayed()))).flat().map((job) => job.id as string);
      } finally {
        await Promise.all(opened.map((queue) => queue.close()));
        connection.disconnect();
      }
    },
  };
}
