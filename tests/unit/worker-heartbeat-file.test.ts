import { describe, it, expect } from '@jest/globals';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HEARTBEAT_TTL_MS } from '@/lib/workers/worker-heartbeat';
import { isHeartbeatFileFresh, noteHeartbeatInFile } from '@/lib/workers/worker-heartbeat-file';

// The worker container's healthcheck (scripts/check-worker-health.ts) counts the worker alive as long as readiness does.
describe('worker heartbeat file', () => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'heartbeat-')), 'beat');

  it('is fresh for three beats after the last one, then stale', async () => {
    await noteHeartbeatInFile(file, 1_000_000);
    expect(await isHeartbeatFileFresh(file, 1_000_000)).toBe(true);
    expect(await isHeartbeatFileFresh(file, 1_000_000 + HEARTBEAT_TTL_MS)).toBe(true);
    expect(await isHeartbeatFileFresh(file, 1_000_000 + HEARTBEAT_TTL_MS + 1)).toBe(false);
  });

  it('is stale when no beat was ever noted', async () => {
    expect(await isHeartbeatFileFresh(`${file}-missing`, Date.now())).toBe(false);
  });
});
