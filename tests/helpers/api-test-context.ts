import type { PrismaClient } from '@/lib/generated/prisma/client';
import { call, type CallOptions } from './api-client';
import { createTestDatabase, type TestDatabase } from './test-database';
import { startTestServer, type TestServer } from './test-server';

export interface ApiTestContext {
  readonly db: PrismaClient;
  /** The test database's connection string (for a worker process beside the server). */
  readonly databaseUrl: string;
  readonly url: string;
  readonly server: TestServer;
  call: <T = any>(method: string, path: string, options?: CallOptions) => ReturnType<typeof call<T>>;
}

/**
 * For an API test file: its own clean database and its own real server, started before and stopped after the file.
 * `extraEnv` may be a function, read when the server starts (after the file's earlier beforeAll, e.g. a fake's URL).
 */
export function useApiTestContext(extraEnv: Record<string, string> | (() => Record<string, string>) = {}): ApiTestContext {
  let database: TestDatabase | undefined;
  let server: TestServer | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    server = await startTestServer(database.url, typeof extraEnv === 'function' ? extraEnv() : extraEnv);
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('The API test context is not ready (beforeAll failed?)');
    return value;
  };
  return {
    get db() {
      return ready(database).db;
    },
    get databaseUrl() {
      return ready(database).url;
    },
    get url() {
      return ready(server).url;
    },
    get server() {
      return ready(server);
    },
    call: (method, path, options) => call(ready(server).url, method, path, options),
  };
}
