import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { startAppServer, type AppServer } from '@/scripts/lib/app-server';
import { freePort } from '@/scripts/lib/ports';
import { testEnv } from './test-env';
import { startTestWorker, type TestWorker } from './test-worker';

/**
 * A small deployment as docker-compose scales it (DESIGN §11): `webs` web processes (server.ts, production build) and
 * `workers` worker processes against one database and Redis, sharing the queue prefix, the secret key and one public
 * address (the load balancer's: `publicUrl`, else the first web's).
 */
export interface LoadCluster {
  webs: AppServer[];
  workers: (TestWorker & { heartbeatFile: string })[];
  /** Every process with a name (web-1, worker-2…), for memory samples. */
  processes: { name: string; process: ChildProcess }[];
  stop: () => Promise<void>;
}

export interface LoadClusterOptions {
  /** The address users open (a proxy in front of the webs); by default the first web's. */
  publicUrl?: string;
  /** Settings of every web process (e.g. TRUSTED_PROXY_HOPS behind a proxy). */
  webEnv?: Record<string, string>;
}

export async function startLoadCluster(
  databaseUrl: string,
  providerEnv: Record<string, string>,
  size: { webs: number; workers: number },
  options: LoadClusterOptions = {},
): Promise<LoadCluster> {
  const redisUrl = testEnv('TEST_REDIS_URL');
  const ports = await Promise.all(Array.from({ length: size.webs }, () => freePort()));
  const shared = {
    ...providerEnv,
    QUEUE_PREFIX: `load-${randomBytes(4).toString('hex')}`,
    SECRET_KEY: randomBytes(32).toString('hex'),
    PUBLIC_URL: options.publicUrl ?? `http://127.0.0.1:${ports[0]}`,
  };
  // Each worker notes its heartbeats in a file of its own, as in its own container (docker-compose.yml's healthcheck).
  const heartbeats = mkdtempSync(path.join(tmpdir(), 'load-cluster-'));
  const webs: AppServer[] = [];
  const workers: LoadCluster['workers'] = [];
  const stop = async () => {
    await Promise.all([...webs.map((web) => web.stop()), ...workers.map((worker) => worker.stop())]);
    rmSync(heartbeats, { recursive: true, force: true });
  };
  try {
    webs.push(
      ...(await Promise.all(
        ports.map((port) =>
          startAppServer({ databaseUrl, redisUrl, extraEnv: { ...shared, ...options.webEnv }, port }),
        ),
      )),
    );
    for (let n = 0; n < size.workers; n += 1) {
      const heartbeatFile = path.join(heartbeats, `worker-${n + 1}`);
      const worker = await startTestWorker({
        ...process.env,
        ...shared,
        DATABASE_URL: databaseUrl,
        DATABASE_POOL_SIZE: '4',
        REDIS_URL: redisUrl,
        WORKER_HEARTBEAT_FILE: heartbeatFile,
        // startTestWorker waits for "worker ready", which is logged at info.
        LOG_LEVEL: 'info',
      });
      workers.push({ ...worker, heartbeatFile });
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    webs,
    workers,
    processes: [
      ...webs.map((web, n) => ({ name: `web-${n + 1}`, process: web.process })),
      ...workers.map((worker, n) => ({ name: `worker-${n + 1}`, process: worker.process })),
    ],
    stop,
  };
}

/** The resident set size of a live process in MB (Linux: /proc/<pid>/status), or null when it has ended. */
export function residentMb(child: ChildProcess): number | null {
  if (child.pid === undefined || child.exitCode !== null) return null;
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}
