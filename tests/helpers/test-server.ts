import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { runEntry, stopProcess, waitForHttp } from '@/scripts/lib/processes';
import { freePort } from '@/scripts/lib/ports';
import { testEnv } from './test-env';

export interface TestServer {
  url: string;
  queuePrefix: string;
  process: ChildProcess;
  stop: () => Promise<void>;
}

/** The real web server (production build, server.ts: Next + Socket.IO) on a free port, against the given database. */
export async function startTestServer(databaseUrl: string, extraEnv: Record<string, string> = {}, port?: number): Promise<TestServer> {
  port ??= await freePort();
  const queuePrefix = `test-${randomBytes(4).toString('hex')}`;
  const child = runEntry('server', 'server.ts', [], {
    ...process.env,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SECRET_KEY: randomBytes(32).toString('hex'),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: '4',
    REDIS_URL: testEnv('TEST_REDIS_URL'),
    QUEUE_PREFIX: queuePrefix,
    LOG_LEVEL: 'warn',
    ...extraEnv,
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/api/health`, 60_000);
  return { url, queuePrefix, process: child, stop: () => stopProcess(child, 5_000) };
}
