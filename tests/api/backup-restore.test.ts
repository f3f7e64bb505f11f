import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import pg from 'pg';
import { create as createTar, extract } from 'tar';
import { DELIVERY_JOBS, fallbackJobId, JOB_OPTIONS, QUEUES } from '@/lib/queue';
import { createLocalStorage } from '@/lib/providers/storage/local-storage';
import { createDatabase } from '@/scripts/lib/databases';
import { insertAlert } from '../helpers/alert-fixtures';
import { createCompany, createMember } from '../helpers/fixtures';
import { createTestDatabase, databaseUrl, type TestDatabase } from '../helpers/test-database';
import { testEnv } from '../helpers/test-env';

// Issue 35 item 5: `npm run backup` and `npm run restore`, run as the commands they are, on real Postgres, Redis and
// files: backup → wipe → restore gives back the same rows, file bytes, kept secret key and pending fallback SMS job.
const run = promisify(execFile);
const queuePrefix = `backup${randomBytes(4).toString('hex')}`;
let root: string;
let dataDir: string;
let source: TestDatabase;
let redis: Redis;
let delivery: Queue;
/** The first test's archive, which the embedded round trip restores again. */
let archive: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'tocsin-backup-test-'));
  // mkdtemp makes the folder private; the postgres system user (when we are root) must reach the embedded data in it.
  await chmod(root, 0o755);
  archive = path.join(root, 'backup.tar.gz');
  dataDir = path.join(root, 'data');
  source = await createTestDatabase();
  redis = new Redis(testEnv('TEST_REDIS_URL'), { maxRetriesPerRequest: null });
  delivery = new Queue(QUEUES.delivery, { connection: redis, prefix: queuePrefix });
});

afterAll(async () => {
  await delivery.close();
  redis.disconnect();
  await source.drop();
  await rm(root, { recursive: true, force: true });
});

/** An empty database (no migrations) on the test server, as a restore needs it. */
async function emptyDatabase(): Promise<string> {
  const name = `restore_${randomBytes(6).toString('hex')}`;
  await createDatabase(testEnv('TEST_ADMIN_DATABASE_URL'), name);
  return databaseUrl(name);
}

/**
 * Runs the command as `npm run` would, with DATABASE_URL and REDIS_URL naming the test services, or, for `embedded`,
 * unset: then the command uses (or makes) the embedded services of the data folder, as under `npm start`.
 */
async function command(script: 'backup' | 'restore', args: string[], database: string, folder = dataDir) {
  const { DATABASE_URL: _database, REDIS_URL: _redis, SECRET_KEY: _secret, ...inherited } = process.env;
  const services = database === 'embedded' ? {} : { DATABASE_URL: database, REDIS_URL: testEnv('TEST_REDIS_URL') };
  const env = {
    ...inherited,
    ...services,
    QUEUE_PREFIX: queuePrefix,
    STORAGE_DRIVER: 'local',
    STORAGE_DIR: path.join(folder, 'files'),
  };
  try {
    const { stdout, stderr } = await run('npx', ['tsx', `scripts/${script}.ts`, ...args, '--data-dir', folder], {
      env,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** The rows exactly as Postgres has them (jsonb keeps every digit of a timestamp). */
async function rows(url: string, sql: string, companyId: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, [companyId])).rows;
  } finally {
    await client.end();
  }
}

const COMPARED = {
  company: `SELECT to_jsonb(c) AS row FROM "Company" c WHERE id = $1`,
  people: `SELECT to_jsonb(u) AS row, to_jsonb(m) AS membership FROM "User" u JOIN "Membership" m ON m."userId" = u.id
    WHERE m."companyId" = $1 ORDER BY u.id`,
  alerts: `SELECT to_jsonb(a) AS row FROM "Alert" a WHERE "companyId" = $1 ORDER BY id`,
  recipients: `SELECT to_jsonb(r) AS row FROM "AlertRecipient" r WHERE "companyId" = $1 ORDER BY id`,
  receipts: `SELECT to_jsonb(r) AS row FROM "Receipt" r WHERE "companyId" = $1 ORDER BY "userId", channel, fallback`,
};

async function snapshot(url: string, companyId: string) {
  const entries = await Promise.all(
    Object.entries(COMPARED).map(async ([name, sql]) => [name, await rows(url, sql, companyId)] as const),
  );
  return Object.fromEntries(entries);
}

/** An archive's files by path (base64), but its manifest; its Redis keys' lines apart. */
async function unpacked(file: string) {
  const dir = path.join(root, `unpacked-${path.basename(file)}`);
  await mkdir(dir);
  await extract({ file, cwd: dir });
  const files: Record<string, string> = {};
  for (const name of (await readdir(dir, { recursive: true })).sort()) {
    const full = path.join(dir, name);
    if (statSync(full).isFile() && !['manifest.json', 'redis-keys.ndjson'].includes(name))
      files[name] = await readFile(full, 'base64');
  }
  return { files, redisKeys: (await readFile(path.join(dir, 'redis-keys.ndjson'), 'utf8')).trim().split('\n') };
}

/**
 * What dumped Redis keys hold, by key: each put back under a scratch name and read by its type (a key put back and
 * dumped again may be encoded otherwise, with the same content).
 */
async function redisContent(lines: string[]) {
  const content: Record<string, unknown> = {};
  for (const line of lines) {
    const { key, value, expireAt } = JSON.parse(line) as { key: string; value: string; expireAt: number | null };
    const scratch = `${queuePrefix}-scratch`;
    await redis.restore(scratch, 0, Buffer.from(value, 'base64'));
    const type = await redis.type(scratch);
    const read: Record<string, () => Promise<unknown>> = {
      string: () => redis.get(scratch),
      hash: () => redis.hgetall(scratch),
      list: () => redis.lrange(scratch, 0, -1),
      set: async () => (await redis.smembers(scratch)).sort(),
      zset: () => redis.zrange(scratch, '0', '-1', 'WITHSCORES'),
      stream: () => redis.xrange(scratch, '-', '+'),
    };
    content[Buffer.from(key, 'base64').toString()] = { type, expireAt, value: await read[type]() };
    await redis.del(scratch);
  }
  return content;
}

describe('npm run backup / npm run restore', () => {
  it('backs up, and restores into empty targets the same rows, files, secret key and pending fallback job', async () => {
    const company = await createCompany(source.db, { name: 'Backed Up Co' });
    const owner = await createMember(source.db, company.id, 'owner');
    const member = await createMember(source.db, company.id, 'user');
    const alert = await insertAlert(source.db, {
      companyId: company.id,
      authorId: owner.user.id,
      recipients: [
        { userId: owner.user.id, receipts: [{ channel: 'push', state: 'received' }] },
        { userId: member.user.id, receipts: [{ channel: 'push', state: 'sent' }] },
      ],
    });
    const storage = createLocalStorage({ dir: path.join(dataDir, 'files'), secret: 'x'.repeat(32), baseUrl: '' });
    const photo = randomBytes(50_000);
    await storage.put(`photos/${member.user.id}.png`, 'image/png', photo);
    await writeFile(path.join(dataDir, 'secret-key'), 'a'.repeat(64), { mode: 0o600 });
    await writeFile(path.join(dataDir, 'vapid-keys.json'), '{"publicKey":"p","privateKey":"k"}');
    const jobId = fallbackJobId(alert.id);
    await delivery.add(
      DELIVERY_JOBS.fallback,
      { alertId: alert.id },
      { ...JOB_OPTIONS.delivery, jobId, delay: 120_000 },
    );
    const before = await snapshot(source.url, company.id);
    const delayedScore = await redis.zscore(`${queuePrefix}:${QUEUES.delivery}:delayed`, jobId);

    const backup = await command('backup', [archive], source.url);
    expect(backup).toMatchObject({ code: 0 });
    expect(backup.stdout).toContain('1 stored files');
    expect(statSync(archive).mode & 0o777).toBe(0o600);

    // Wipe: the database, the install's Redis keys and the data folder are gone.
    await source.drop();
    const keys = await redis.keys(`${queuePrefix}:*`);
    if (keys.length) await redis.del(...keys);
    await rm(dataDir, { recursive: true });

    const target = await emptyDatabase();
    const restore = await command('restore', [archive], target);
    expect(restore).toMatchObject({ code: 0 });
    expect(await snapshot(target, company.id)).toEqual(before);
    expect(before.receipts).toHaveLength(2);
    expect(await storage.read(`photos/${member.user.id}.png`)).toEqual({
      bytes: new Uint8Array(photo),
      contentType: 'image/png',
    });
    expect(await readFile(path.join(dataDir, 'secret-key'), 'utf8')).toBe('a'.repeat(64));
    expect(statSync(path.join(dataDir, 'secret-key')).mode & 0o777).toBe(0o600);
    expect(existsSync(path.join(dataDir, 'vapid-keys.json'))).toBe(true);
    const job = await delivery.getJob(jobId);
    expect(await job?.getState()).toBe('delayed');
    expect(job?.data).toEqual({ alertId: alert.id });
    expect(await redis.zscore(`${queuePrefix}:${QUEUES.delivery}:delayed`, jobId)).toBe(delayedScore);
    // Still due two minutes after it was queued, not two minutes after the restore.
    const remaining = job!.timestamp + job!.delay - Date.now();
    expect(remaining).toBeGreaterThan(60_000);
    expect(remaining).toBeLessThanOrEqual(120_000);

    // Everything holds data now: a second restore refuses and changes nothing.
    const again = await command('restore', [archive], target);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('Nothing was restored');
    expect(again.stderr).toContain(`${dataDir} holds data`);
    expect(again.stderr).toContain('--force');
    expect(again.stderr).toContain('The database of DATABASE_URL has');
    expect(again.stderr).toContain(`holds keys under "${queuePrefix}:"`);
    expect(await readFile(path.join(dataDir, 'secret-key'), 'utf8')).toBe('a'.repeat(64));
  });

  it('refuses a missing file, a file that is not an archive, and archives it cannot restore', async () => {
    const target = await emptyDatabase();
    const refusal = async (archive: string) => {
      const result = await command('restore', [archive], target);
      expect(result.code).toBe(2);
      return result.stderr;
    };
    expect(await refusal(path.join(root, 'missing.tar.gz'))).toContain('no such file');

    const text = path.join(root, 'notes.txt');
    await writeFile(text, 'not an archive');
    expect(await refusal(text)).toContain('is not a Tocsin backup');

    const archiveOf = async (name: string, manifest: object | null) => {
      const dir = path.join(root, name);
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, manifest ? 'manifest.json' : 'readme.txt'), JSON.stringify(manifest ?? {}));
      const file = path.join(root, `${name}.tar.gz`);
      await createTar({ gzip: true, cwd: dir, file }, [manifest ? 'manifest.json' : 'readme.txt']);
      return file;
    };
    expect(await refusal(await archiveOf('no-manifest', null))).toContain('it has no manifest.json');
    const newer = {
      format: 1,
      app: 'tocsin',
      appVersion: '9.0.0',
      createdAt: new Date().toISOString(),
      migration: '29991231000000_from_the_future',
      queuePrefix,
      redisVersion: '7.0.15',
      redisKeys: 0,
      storage: 'local',
      storedFiles: 0,
      dataFiles: [],
    };
    expect(await refusal(await archiveOf('newer-schema', newer))).toContain(
      'at migration 29991231000000_from_the_future, which this Tocsin does not have: it was made by a newer Tocsin (9.0.0)',
    );
    expect(await refusal(await archiveOf('newer-format', { ...newer, format: 99 }))).toContain(
      'This backup has format 99, newer than this Tocsin reads (1)',
    );
    // None of it touched the targets.
    expect(existsSync(dataDir) ? statSync(dataDir).isDirectory() : true).toBe(true);
    expect(
      await rows(target, `SELECT 1 FROM pg_tables WHERE schemaname = 'public' AND $1::text IS NOT NULL`, '-'),
    ).toEqual([]);
  });

  it('restores into the embedded Postgres and Redis of a data folder (--force moves what was there aside), and backs up from them while stopped', async () => {
    const folder = path.join(root, 'embedded');
    await mkdir(folder);
    await writeFile(path.join(folder, 'old.txt'), 'kept aside');
    const restore = await command('restore', [archive, '--force'], 'embedded', folder);
    expect(restore).toMatchObject({ code: 0 });
    const aside = (await readdir(root)).find((name) => name.startsWith('embedded.before-restore-'));
    expect(restore.stdout).toContain(`Moved what was there aside to ${path.join(root, aside ?? '?')}`);
    expect(await readFile(path.join(root, aside ?? '?', 'old.txt'), 'utf8')).toBe('kept aside');
    expect((await readdir(folder)).sort()).toEqual(['files', 'postgres', 'redis', 'secret-key', 'vapid-keys.json']);

    const second = path.join(root, 'second.tar.gz');
    const backup = await command('backup', [second], 'embedded', folder);
    expect(backup).toMatchObject({ code: 0 });
    expect(backup.stdout).toContain('Starting the embedded postgres');
    // The same rows, files and Redis keys came back out of the embedded services.
    const [first, again] = [await unpacked(archive), await unpacked(second)];
    expect(again.files).toEqual(first.files);
    expect(await redisContent(again.redisKeys)).toEqual(await redisContent(first.redisKeys));
  });
});
