import { readFile, writeFile } from 'node:fs/promises';
import { HEARTBEAT_TTL_MS } from '@/lib/workers/worker-heartbeat';

// A container's healthcheck runs beside the worker, not in it: the worker notes each beat it wrote to Redis in a file
// (WORKER_HEARTBEAT_FILE), and scripts/check-worker-health.ts reads it. Its own file, not the Redis key: the key's name
// holds a random id the healthcheck cannot know.

/** Notes a beat written at `atMs`. */
export async function noteHeartbeatInFile(file: string, atMs: number): Promise<void> {
  await writeFile(file, String(atMs));
}

/** Whether the last beat noted in the file is recent enough that readiness still counts the worker (three beats). */
export async function isHeartbeatFileFresh(file: string, nowMs: number): Promise<boolean> {
  const noted = Number(await readFile(file, 'utf8').catch(() => ''));
  return noted > 0 && nowMs - noted <= HEARTBEAT_TTL_MS;
}
