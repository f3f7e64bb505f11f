import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { MAINTENANCE_SCHEDULE, QUEUES } from '@/lib/queue';
import { runEntry } from '@/scripts/lib/processes';
import { freePort } from '@/scripts/lib/ports';
import { startRedis } from '@/scripts/lib/redis-server';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';
import { testEnv } from '../helpers/test-env';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.drop());

function startWorker(redisUrl: string, queuePrefix: string) {
  return runEntry('worker', 'jobs/worker.ts', [], {
    ...process.env,
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    QUEUE_PREFIX: queuePrefix,
  });
}

function waitForOutput(child: ReturnType<typeof runEntry>, text: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`"${text}" not printed in ${timeoutMs} ms:\n${seen}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      if (seen.includes(text)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
  });
}

describe('the worker process', () => {
  it('starts, registers its job schedulers, and exits cleanly on SIGTERM', async () => {
    const prefix = `worker-${randomBytes(4).toString('hex')}`;
    const child = startWorker(testEnv('TEST_REDIS_URL'), prefix);
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await waitForOutput(child, '"worker ready"', 30_000);

    const connection = new Redis(testEnv('TEST_REDIS_URL'), { maxRetriesPerRequest: null });
    const queue = new Queue(QUEUES.maintenance, { connection, prefix });
    const schedulers = await queue.getJobSchedulers();
    expect(schedulers.map((s) => [s.key, s.pattern]).sort()).toEqual(Object.entries(MAINTENANCE_SCHEDULE).sort());
    await queue.close();
    connection.disconnect();

    const stopped = waitForOutput(child, '"worker stopped"', 30_000);
    child.kill('SIGTERM');
    await stopped;
    expect(await exited).toBe(0);
  });

  it('refuses to start on a Redis that may evict queued jobs', async () => {
    const evicting = await startRedis({
      dir: `/tmp/tocsin-evicting-redis-${process.pid}`,
      port: await freePort(),
      persistent: false,
    });
    try {
      const admin = new Redis(evicting.url);
      await admin.config('SET', 'maxmemory-policy', 'allkeys-lru');
      admin.disconnect();
      const child = startWorker(evicting.url, 'evicting');
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      await waitForOutput(child, '"worker cannot start"', 30_000);
      expect(await exited).toBe(1);
    } finally {
      await evicting.stop();
    }
  });
});
