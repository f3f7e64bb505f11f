import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { applyMigrations } from '@/lib/db/apply-migrations';
import { createDatabase } from './databases';
import { freePort } from './ports';
import { startPostgres } from './postgres-server';
import { startRedis } from './redis-server';

export const TEMPLATE_DATABASE = 'tocsin_template';

export interface TestServices {
  /** Variables the test processes read (tests/helpers). */
  env: Record<string, string>;
  stop: () => Promise<void>;
}

/**
 * Throw-away Postgres and Redis on free loopback ports, and a migrated template database from which every API test
 * file clones a clean database of its own.
 */
export async function startTestServices(log: (line: string) => void = () => undefined): Promise<TestServices> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tocsin-test-'));
  // mkdtemp makes the folder private; the postgres system user (when we are root) must reach its data folder inside.
  await chmod(dir, 0o755);
  const postgres = await startPostgres({
    dataDir: path.join(dir, 'postgres'),
    port: await freePort(),
    persistent: false,
    fast: true,
  });
  const redis = await startRedis({ dir: path.join(dir, 'redis'), port: await freePort(), persistent: false, log });
  const adminUrl = postgres.url('postgres');
  await createDatabase(adminUrl, TEMPLATE_DATABASE);
  await applyMigrations(postgres.url(TEMPLATE_DATABASE), path.resolve('prisma/migrations'));
  return {
    env: { TEST_ADMIN_DATABASE_URL: adminUrl, TEST_TEMPLATE_DATABASE: TEMPLATE_DATABASE, TEST_REDIS_URL: redis.url },
    stop: async () => {
      await redis.stop();
      await postgres.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
