import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { DAY_MS } from '@/lib/clock';
import { MAINTENANCE_JOBS } from '@/lib/queue';
import { createLocalStorage } from '@/lib/providers/storage/local-storage';
import { createS3Storage } from '@/lib/providers/storage/s3-storage';
import type { StorageDriver } from '@/lib/providers/storage/storage-driver';
import {
  createVoiceSampleCache,
  VOICE_SAMPLE_MAX_AGE_DAYS,
  type VoiceSampleCache,
} from '@/lib/voice/voice-sample-cache';
import { useApiTestContext, type ApiTestContext } from '../helpers/api-test-context';
import { startFakeS3, type FakeS3 } from '../helpers/fake-s3';
import { createCompany, createMember } from '../helpers/fixtures';
import { settledJob } from '../helpers/queued-jobs';
import { testEnv } from '../helpers/test-env';
import { startWorkerBeside } from '../helpers/test-worker';

// The stored voice samples are a bounded cache (issue 32): at most VOICE_SAMPLES_MAX_MB_PER_COMPANY of one company's and
// VOICE_SAMPLES_MAX_MB of all, the least recently played removed first, and none kept that was not played for 30 days.
// Here the limits are small: a sample of the texts below is about 115 KB of WAV (eSpeak NG, no Polly), so a company
// keeps two and the installation four.

const COMPANY_LIMIT = Math.floor(0.3 * 1024 * 1024);
const TOTAL_LIMIT = Math.floor(0.5 * 1024 * 1024);
const LIMITS = { VOICE_SAMPLES_MAX_MB_PER_COMPANY: '0.3', VOICE_SAMPLES_MAX_MB: '0.5' };
const VOICE = 'Polly.Joanna';

const drill = (name: string) => `Fire drill ${name}. Leave by the nearest exit.`;

/** The stored file's name of a text in the voice, as the server names it (offline engine). */
const fileOf = (text: string) =>
  `${createHash('sha256')
    .update(JSON.stringify(['espeak-ng', VOICE, text]))
    .digest('hex')}.wav`;

function sample(api: ApiTestContext, token: string, text: string) {
  const url = `${api.url}/api/voices/getVoiceAudioSample/${encodeURIComponent(VOICE)}/${encodeURIComponent(text)}`;
  return fetch(url, { headers: { Authorization: `Bearer ${token}`, 'X-Api-Version': '2.2' } });
}

async function admin(api: ApiTestContext) {
  const company = await createCompany(api.db);
  return { companyId: company.id, ...(await createMember(api.db, company.id, 'admin')) };
}

/**
 * What the cache must hold after each play, worked out from the rule itself: samples by last use, and while a company
 * or the installation is over its limit, its least recently played sample goes (never the one just played).
 */
class ExpectedCache {
  private readonly samples = new Map<string, { companyId: string; size: number }>();

  played(companyId: string, text: string, size: number): void {
    const key = `${companyId}/${fileOf(text)}`;
    this.samples.delete(key);
    this.samples.set(key, { companyId, size });
    this.evict(key, COMPANY_LIMIT, (owner) => owner === companyId);
    this.evict(key, TOTAL_LIMIT, () => true);
  }

  clear(): void {
    this.samples.clear();
  }

  /** `<companyId>/<file>`, sorted. */
  keys(): string[] {
    return [...this.samples.keys()].sort();
  }

  private evict(keep: string, limit: number, counts: (companyId: string) => boolean): void {
    const bytes = () =>
      [...this.samples.values()].filter((s) => counts(s.companyId)).reduce((sum, s) => sum + s.size, 0);
    for (const [key, { companyId }] of [...this.samples]) {
      if (bytes() <= limit) return;
      if (key !== keep && counts(companyId)) this.samples.delete(key);
    }
  }
}

/** A Redis connection for the file's tests, and the cache as the server's processes see it (same prefix and files). */
function useCacheBeside(api: ApiTestContext, storage: () => StorageDriver) {
  let redis: Redis | undefined;
  let cache: VoiceSampleCache | undefined;
  beforeAll(() => {
    redis = new Redis(testEnv('TEST_REDIS_URL'), { maxRetriesPerRequest: null });
    cache = createVoiceSampleCache({
      redis,
      prefix: api.server.queuePrefix,
      storage: storage(),
      limits: { companyBytes: COMPANY_LIMIT, totalBytes: TOTAL_LIMIT },
    });
  });
  afterAll(() => redis?.disconnect());
  return {
    get redis() {
      if (!redis) throw new Error('not ready');
      return redis;
    },
    get cache() {
      if (!cache) throw new Error('not ready');
      return cache;
    },
  };
}

describe('voice samples in the local file storage', () => {
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tocsin-voice-cache-'));
  const api = useApiTestContext({ STORAGE_DRIVER: 'local', STORAGE_DIR: filesDir, ...LIMITS });
  const index = useCacheBeside(api, () => createLocalStorage({ dir: filesDir, secret: 'unused', baseUrl: '' }));
  const expected = new ExpectedCache();

  /** Every stored sample as `<companyId>/<file>`, sorted, and their bytes. */
  function stored(): { keys: string[]; bytes: number; byCompany: Record<string, number> } {
    const root = path.join(filesDir, 'voice-samples');
    const keys: string[] = [];
    const byCompany: Record<string, number> = {};
    for (const companyId of fs.existsSync(root) ? fs.readdirSync(root) : []) {
      for (const file of fs.readdirSync(path.join(root, companyId))) {
        keys.push(`${companyId}/${file}`);
        byCompany[companyId] = (byCompany[companyId] ?? 0) + fs.statSync(path.join(root, companyId, file)).size;
      }
    }
    const bytes = Object.values(byCompany).reduce((sum, size) => sum + size, 0);
    return { keys: keys.sort(), bytes, byCompany };
  }

  async function play(who: { token: string; companyId: string }, text: string): Promise<number> {
    const answer = await sample(api, who.token, text);
    expect(answer.status).toBe(200);
    const size = (await answer.arrayBuffer()).byteLength;
    expected.played(who.companyId, text, size);
    return size;
  }

  /** The files are those the rule keeps, within both limits, and the index counts exactly their bytes. */
  async function expectBounded(): Promise<void> {
    const files = stored();
    expect(files.keys).toEqual(expected.keys());
    expect(files.bytes).toBeLessThanOrEqual(TOTAL_LIMIT);
    for (const bytes of Object.values(files.byCompany)) expect(bytes).toBeLessThanOrEqual(COMPANY_LIMIT);
    expect(await index.cache.totals()).toEqual({ total: files.bytes, byCompany: files.byCompany });
  }

  it("keeps a company's samples within its limit, removing the least recently played first", async () => {
    const anna = await admin(api);
    const [one, two, three] = [drill('one'), drill('two'), drill('three')];
    const size = await play(anna, one);
    expect(size).toBeGreaterThan(COMPANY_LIMIT / 3);
    expect(size).toBeLessThan(COMPANY_LIMIT / 2);
    await play(anna, two);
    await expectBounded();
    expect(stored().keys).toHaveLength(2);

    // Played again (from storage), "one" is now more recent than "two": the third sample takes the place of "two".
    await play(anna, one);
    await play(anna, three);
    await expectBounded();
    expect(stored().keys).toEqual([`${anna.companyId}/${fileOf(one)}`, `${anna.companyId}/${fileOf(three)}`].sort());

    // A removed sample is spoken again when played: the preview never misses it.
    await play(anna, two);
    await expectBounded();
    expect(stored().keys).toContain(`${anna.companyId}/${fileOf(two)}`);
    expect(stored().keys).not.toContain(`${anna.companyId}/${fileOf(one)}`);
  });

  it("keeps the installation's samples within its limit, over every company", async () => {
    const companies = [await admin(api), await admin(api), await admin(api)];
    for (const [i, who] of companies.entries()) {
      await play(who, drill(`alpha ${i}`));
      await expectBounded();
      await play(who, drill(`bravo ${i}`));
      await expectBounded();
    }
    // Six samples of three companies, each within its own limit: the installation keeps the four played last.
    const { keys } = stored();
    expect(keys).toHaveLength(4);
    expect(keys).toContain(`${companies[2].companyId}/${fileOf(drill('bravo 2'))}`);
    expect(keys.some((key) => key.startsWith(companies[0].companyId))).toBe(false);
  });

  it('counts a stored sample the index does not know (kept before it, or Redis lost it) once it is played', async () => {
    const bea = await admin(api);
    const text = drill('adopted');
    const dir = path.join(filesDir, 'voice-samples', bea.companyId);
    fs.mkdirSync(dir, { recursive: true });
    const standIn = Buffer.alloc(100_000, 1);
    fs.writeFileSync(path.join(dir, fileOf(text)), standIn);

    const answer = await sample(api, bea.token, text);
    expect(Buffer.from(await answer.arrayBuffer()).equals(standIn)).toBe(true);
    expected.played(bea.companyId, text, standIn.length);
    await expectBounded();
    expect((await index.cache.totals()).byCompany[bea.companyId]).toBe(standIn.length);
  });

  it('removes, in the hourly maintenance job, the samples not played for 30 days', async () => {
    const carl = await admin(api);
    await play(carl, drill('kept for a while'));
    const count = stored().keys.length;
    expect(count).toBeGreaterThan(0);

    // 29 days on, nothing is old enough.
    const inDays = (days: number) => new Date(Date.now() + days * DAY_MS - VOICE_SAMPLE_MAX_AGE_DAYS * DAY_MS);
    expect(await index.cache.expire(inDays(29))).toBe(0);
    await expectBounded();

    // 31 days on (the worker's clock), the job removes them all, of every company.
    const worker = await startWorkerBeside(api, {
      STORAGE_DRIVER: 'local',
      STORAGE_DIR: filesDir,
      WORKER_QUEUES: 'maintenance',
      TEST_CLOCK_OFFSET_MS: String(31 * DAY_MS),
      ...LIMITS,
    });
    const maintenance = new Queue('maintenance', { connection: index.redis, prefix: api.server.queuePrefix });
    try {
      const jobId = 'expire-voice-samples-now';
      await maintenance.add(MAINTENANCE_JOBS.expireVoiceSamples, {}, { jobId, removeOnComplete: true });
      expect(await settledJob(maintenance, jobId)).toBeUndefined();
    } finally {
      await maintenance.close();
      await worker.stop();
    }
    expected.clear();
    await expectBounded();
    expect(stored().keys).toEqual([]);
    expect(await index.cache.totals()).toEqual({ total: 0, byCompany: {} });

    // The preview still plays: the sample is spoken and kept again.
    await play(carl, drill('kept for a while'));
    await expectBounded();
    expect(stored().keys).toHaveLength(1);
  });
});

describe('voice samples in S3 storage', () => {
  let s3: FakeS3 | undefined;
  beforeAll(async () => {
    s3 = await startFakeS3({ bucket: 'tocsin-files' });
  });
  afterAll(async () => {
    await s3?.stop();
  });
  const bucket = () => {
    if (!s3) throw new Error('no fake S3');
    return s3;
  };
  const s3Env = () => ({
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: bucket().url,
    S3_REGION: bucket().region,
    S3_BUCKET: 'tocsin-files',
    S3_ACCESS_KEY_ID: bucket().accessKeyId,
    S3_SECRET_ACCESS_KEY: bucket().secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  });
  const api = useApiTestContext(() => ({ ...s3Env(), ...LIMITS }));
  const index = useCacheBeside(api, () =>
    createS3Storage({
      endpoint: bucket().url,
      region: bucket().region,
      bucket: 'tocsin-files',
      accessKeyId: bucket().accessKeyId,
      secretAccessKey: bucket().secretAccessKey,
      forcePathStyle: true,
    }),
  );
  const objects = () => [...bucket().objects.keys()].filter((key) => key.startsWith('voice-samples/')).sort();

  it('removes the least recently played objects past the limit, and those not played for 30 days', async () => {
    const dan = await admin(api);
    const keyOf = (text: string) => `voice-samples/${dan.companyId}/${fileOf(text)}`;
    for (const text of [drill('one'), drill('two'), drill('one'), drill('three')]) {
      expect((await sample(api, dan.token, text)).status).toBe(200);
    }
    expect(objects()).toEqual([keyOf(drill('one')), keyOf(drill('three'))].sort());
    const bytes = objects().reduce((sum, key) => sum + (bucket().objects.get(key)?.body.length ?? 0), 0);
    expect(bytes).toBeLessThanOrEqual(COMPANY_LIMIT);
    expect(await index.cache.totals()).toEqual({ total: bytes, byCompany: { [dan.companyId]: bytes } });

    expect(await index.cache.expire(new Date(Date.now() + DAY_MS))).toBe(2);
    expect(objects()).toEqual([]);
    expect(await index.cache.totals()).toEqual({ total: 0, byCompany: {} });
  });
});
