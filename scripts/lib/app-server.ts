import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { freePort } from './ports';
import { runEntry, stopProcess, waitForHttp } from './processes';

export interface AppServer {
  url: string;
  queuePrefix: string;
  process: ChildProcess;
  /** What the server printed from its start (stdout and stderr), when asked for with `recordOutput`. */
  output: () => string;
  stop: () => Promise<void>;
}

export interface AppServerOptions {
  databaseUrl: string;
  redisUrl: string;
  extraEnv?: Record<string, string>;
  port?: number;
  /** Keep what the server prints from its first line, for a test that reads it (`output`). */
  recordOutput?: boolean;
  /** What must answer 200 before the server counts as started: by default, readiness without workers. */
  readyPath?: string;
}

/** The real web server (production build, server.ts: Next + Socket.IO) on a loopback port, for tests. */
export async function startAppServer({
  databaseUrl,
  redisUrl,
  extraEnv = {},
  port,
  recordOutput = false,
  readyPath = '/api/health/ready?workers=optional',
}: AppServerOptions): Promise<AppServer> {
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
    REDIS_URL: redisUrl,
    QUEUE_PREFIX: queuePrefix,
    LOG_LEVEL: 'warn',
    ...extraEnv,
  });
  let output = '';
  if (recordOutput) {
    const record = (chunk: Buffer) => (output += chunk.toString());
    child.stdout?.on('data', record);
    child.stderr?.on('data', record);
  }
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${url}${readyPath}`, 60_000);
  } catch (error) {
    await stopProcess(child, 1_000);
    throw error;
  }
  return { url, queuePrefix, process: child, output: () => output, stop: () => stopProcess(child, 5_000) };
}
