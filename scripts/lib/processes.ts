import { spawn, type ChildProcess } from 'node:child_process';

/** Starts a TypeScript entry point (server.ts, jobs/worker.ts) with tsx, output prefixed by its name. */
export function runEntry(name: string, entry: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = `[${name}] `;
  const relay = (stream: NodeJS.WritableStream) => (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) stream.write(`${prefix}${line}\n`);
  };
  child.stdout?.on('data', relay(process.stdout));
  child.stderr?.on('data', relay(process.stderr));
  return child;
}

/** SIGTERM, then SIGKILL after `graceMs` if the process is still alive. */
export function stopProcess(child: ChildProcess, graceMs = 15_000): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export async function waitForHttp(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
      lastError = new Error(`${url} answered ${response.status}`);
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not become ready in ${timeoutMs} ms: ${String(lastError)}`);
}
