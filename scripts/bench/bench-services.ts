import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import { applyMigrations } from '@/lib/db/apply-migrations';
import { PrismaClient } from '@/lib/generated/prisma/client';
import { startTestWorker, type TestWorker } from '@/tests/helpers/test-worker';
import { createDatabase } from '../lib/databases';
import { freePort } from '../lib/ports';
import { startPostgres } from '../lib/postgres-server';
import { startRedis } from '../lib/redis-server';

export interface BenchServices {
  databaseUrl: string;
  redisUrl: string;
  /** A small client for seeding and looking. */
  db: PrismaClient;
  /** The postmaster's process id: with its backends, the CPU Postgres spends (measure.ts processTreeCpuMs). */
  postgresPid: number;
  stop: () => Promise<void>;
}

/**
 * Throw-away services for a benchmark: a durable Postgres (fsync on, unlike the test services) with the migrated
 * database `bench`, and Redis (TEST_REDIS_URL is set to it for the test server helper).
 */
export async function startBenchServices(): Promise<BenchServices> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tocsin-bench-'));
  await chmod(dir, 0o755);
  const postgres = await startPostgres({
    dataDir: path.join(dir, 'postgres'),
    port: await freePort(),
    persistent: false,
  });
  const redis = await startRedis({
    dir: path.join(dir, 'redis'),
    port: await freePort(),
    persistent: false,
    log: () => undefined,
  });
  process.env.TEST_REDIS_URL = redis.url;
  const databaseUrl = postgres.url('bench');
  await createDatabase(postgres.url('postgres'), 'bench');
  await applyMigrations(databaseUrl, path.resolve('prisma/migrations'));
  const db = new PrismaClient({ adapter: new PrismaPg({ connectionString: databaseUrl, max: 2 }) });
  const postmasterPid = await readFile(path.join(dir, 'postgres', 'postmaster.pid'), 'utf8');
  return {
    databaseUrl,
    postgresPid: Number(postmasterPid.split('\n')[0]),
    redisUrl: redis.url,
    db,
    stop: async () => {
      await db.$disconnect();
      await redis.stop();
      await postgres.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** The real worker beside a benchmark's server (same database, Redis and queue prefix), with `env` added. */
export function startBenchWorker(
  services: Pick<BenchServices, 'databaseUrl' | 'redisUrl'>,
  server: { url: string; queuePrefix: string },
  env: Record<string, string>,
): Promise<TestWorker> {
  return startTestWorker({
    ...process.env,
    DATABASE_URL: services.databaseUrl,
    REDIS_URL: services.redisUrl,
    QUEUE_PREFIX: server.queuePrefix,
    PUBLIC_URL: server.url,
    ...env,
  });
}
