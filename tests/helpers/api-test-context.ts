import { beforeAll, afterAll } from '@jest/globals';
import type { PrismaClient } from '@/lib/generated/prisma/client';
import { resetSharedApiServer, type SharedApiServer } from '@/scripts/lib/shared-api-servers';
import { call, type CallOptions } from './api-client';
import { createTestDatabase, openTestDatabase, type TestDatabase } from './test-database';
import { optionalTestEnv, testEnv } from './test-env';
import { startTestServer } from './test-server';

/** The server a test file talks to: its address and the prefix of its job queues. */
export interface ApiServer {
  url: string;
  queuePrefix: string;
}

export interface ApiTestContext {
  readonly db: PrismaClient;
  /** The test database's connection string (for a worker process beside the server). */
  readonly databaseUrl: string;
  readonly url: string;
  readonly server: ApiServer;
  call: <T = any>(method: string, path: string, options?: CallOptions) => ReturnType<typeof call<T>>;
}

/** This jest worker's shared server, when scripts/test-all.ts (or with-test-services --api-servers) started them. */
function sharedServerOfThisWorker(): SharedApiServer | undefined {
  const servers = optionalTestEnv('TEST_SHARED_API_SERVERS');
  if (!servers) return undefined;
  return (JSON.parse(servers) as SharedApiServer[])[Number(optionalTestEnv('JEST_WORKER_ID') ?? '1') - 1];
}

interface Started {
  database: TestDatabase;
  server: ApiServer;
  stop: () => Promise<void>;
}

/** The shared server of this jest worker, on its database made anew, or (with settings of its own) a server of its own. */
async function startFor(extraEnv: Record<string, string>): Promise<Started> {
  const shared = Object.keys(extraEnv).length === 0 ? sharedServerOfThisWorker() : undefined;
  if (shared) {
    await resetSharedApiServer(shared, {
      adminUrl: testEnv('TEST_ADMIN_DATABASE_URL'),
      template: testEnv('TEST_TEMPLATE_DATABASE'),
      redisUrl: testEnv('TEST_REDIS_URL'),
    });
    return { database: openTestDatabase(shared.database, false), server: shared, stop: async () => undefined };
  }
  const database = await createTestDatabase();
  const server = await startTestServer(database.url, extraEnv);
  return { database, server, stop: server.stop };
}

/**
 * For an API test file: a clean database and a real server, ready before the file's tests and released after them.
 * Without settings of its own the file uses its jest worker's shared server (see scripts/lib/shared-api-servers.ts).
 * `extraEnv` may be a function, read when the server starts (after the file's earlier beforeAll, e.g. a fake's URL).
 */
export function useApiTestContext(
  extraEnv: Record<string, string> | (() => Record<string, string>) = {},
): ApiTestContext {
  let started: Started | undefined;
  beforeAll(async () => {
    started = await startFor(typeof extraEnv === 'function' ? extraEnv() : extraEnv);
  }, 90_000);
  afterAll(async () => {
    await started?.stop();
    await started?.database.drop();
  });
  const ready = (): Started => {
    if (started === undefined) throw new Error('The API test context is not ready (beforeAll failed?)');
    return started;
  };
  return {
    get db() {
      return ready().database.db;
    },
    get databaseUrl() {
      return ready().database.url;
    },
    get url() {
      return ready().server.url;
    },
    get server() {
      return ready().server;
    },
    call: (method, path, options) => call(ready().server.url, method, path, options),
  };
}
