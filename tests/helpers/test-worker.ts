import type { ChildProcess } from 'node:child_process';
import { runEntry, stopProcess } from '@/scripts/lib/processes';
import type { ApiTestContext } from './api-test-context';
import { testEnv } from './test-env';

export interface TestWorker {
  process: ChildProcess;
  stop: () => Promise<void>;
}

// The workers this test file started (each file has its own module registry).
const started = new Set<ChildProcess>();

/** The process ids of the workers this test file started that still run (see tests/helpers/api-after-env.ts). */
export function runningTestWorkerPids(): number[] {
  return [...started]
    .filter((child) => child.exitCode === null && child.signalCode === null && child.pid !== undefined)
    .map((child) => child.pid as number);
}

/** The real worker process (jobs/worker.ts) with the given environment, once it says it is ready. */
export async function startTestWorker(env: NodeJS.ProcessEnv, timeoutMs = 30_000): Promise<TestWorker> {
  const child = runEntry('worker', 'jobs/worker.ts', [], env);
  started.add(child);
  await new Promise<void>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(`the worker was not ready in ${timeoutMs} ms (it logs "worker ready" at LOG_LEVEL info):\n${seen}`),
      );
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      if (seen.includes('"worker ready"')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the worker exited (${code}) before it was ready:\n${seen}`)));
  });
  return { process: child, stop: () => stopProcess(child, 30_000) };
}

/** The real worker beside an API test file's server: same database, Redis and queue prefix. */
export function startWorkerBeside(api: ApiTestContext, extraEnv: Record<string, string> = {}): Promise<TestWorker> {
  return startTestWorker({
    ...process.env,
    DATABASE_URL: api.databaseUrl,
    DATABASE_POOL_SIZE: '4',
    REDIS_URL: testEnv('TEST_REDIS_URL'),
    QUEUE_PREFIX: api.server.queuePrefix,
    PUBLIC_URL: api.url,
    ...extraEnv,
  });
}
