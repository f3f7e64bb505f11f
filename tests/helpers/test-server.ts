import { startAppServer, type AppServer } from '@/scripts/lib/app-server';
import { testEnv } from './test-env';

export type TestServer = AppServer;

/** The real web server (production build, server.ts: Next + Socket.IO) on a free port, against the given database. */
export function startTestServer(
  databaseUrl: string,
  extraEnv: Record<string, string> = {},
  port?: number,
): Promise<TestServer> {
  return startAppServer({ databaseUrl, redisUrl: testEnv('TEST_REDIS_URL'), extraEnv, port });
}
