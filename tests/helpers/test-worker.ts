import type { ChildProcess } from 'node:child_process';
import { runEntry, stopProcess } from '@/scripts/lib/processes';

export interface TestWorker {
  process: ChildProcess;
  stop: () => Promise<void>;
}

/** The real worker process (jobs/worker.ts) with the given environment, once it says it is ready. */
export async function startTestWorker(env: NodeJS.ProcessEnv, timeoutMs = 30_000): Promise<TestWorker> {
  const child = runEntry('worker', 'jobs/worker.ts', [], env);
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
