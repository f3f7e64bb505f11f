import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect } from '@jest/globals';
import { runningTestWorkerPids } from './test-worker';

// jest setupFilesAfterEnv for the API and fault projects: no worker process outlives the test file that started it. A
// worker left beating on a shared server's queue prefix would count in the next file's readiness checks and take its
// jobs. These hooks run before the file's own (declared later), so a file's workers are noted at its end and looked
// for at the start of the next file in the same jest worker process, once the file's own hooks have stopped them.

const notes = path.join(os.tmpdir(), `tocsin-test-workers-${process.pid}.json`);

/** Still the worker process noted (a note left by an earlier run may name a process id reused since). */
const isWorkerAlive = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('jobs/worker.ts');
  } catch {
    return false;
  }
};

beforeAll(() => {
  let left: { file: string; pids: number[] };
  try {
    left = JSON.parse(readFileSync(notes, 'utf8')) as typeof left;
  } catch {
    return;
  }
  rmSync(notes, { force: true });
  const alive = left.pids.filter(isWorkerAlive);
  for (const pid of alive) process.kill(pid, 'SIGKILL');
  if (alive.length > 0)
    throw new Error(`${path.relative(process.cwd(), left.file)} left ${alive.length} worker process(es) running`);
});

afterAll(() => {
  writeFileSync(notes, JSON.stringify({ file: expect.getState().testPath, pids: runningTestWorkerPids() }));
});
