import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// jest setupFiles for the API project: in-process code under test (lib/redis, lib/realtime) talks to the test Redis.
process.env.REDIS_URL ??= process.env.TEST_REDIS_URL;
// Files stored by in-process code under test go to a temporary folder, never into the checkout's .data/.
process.env.STORAGE_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'tocsin-test-files-'));
