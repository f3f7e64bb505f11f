import type { Redis } from 'ioredis';
import { env } from '@/lib/env';
import { logger } from '@/lib/logger';
import { storage } from '@/lib/providers/storage/storage';
import type { StorageDriver } from '@/lib/providers/storage/storage-driver';
import { redis } from '@/lib/redis';

// The stored voice samples are a cache with bounds (docs/decisions.md, "Voice samples: a bounded cache"): an index in
// Redis of every sample's size and last use keeps the bytes of each company and of the installation under their limits,
// removing the least recently played samples first, and the maintenance job removes those not played for 30 days.
// Samples are only ever sent in the preview's answer (alert calls are spoken by Twilio from text), so removing one never
// takes audio from a call: the next preview speaks it again.

/** A sample not played for this long is removed by the maintenance job (`expire-voice-samples`, hourly). */
export const VOICE_SAMPLE_MAX_AGE_DAYS = 30;

const MB = 1024 * 1024;

/** Where a company's sample is stored: `voice-samples/<companyId>/<sha256 of engine, voice, text>.<wav|mp3>`. */
export function voiceSampleKey(companyId: string, hash: string, extension: string): string {
  return `voice-samples/${companyId}/${hash}.${extension}`;
}

// The index, under `<prefix>:voice-samples:`:
//   used               sorted set: every stored sample's storage key, scored by its last use (ms since 1970)
//   used:<companyId>   sorted set: the same, for one company
//   bytes              hash: storage key → size in bytes
//   totals             hash: company id → its samples' bytes, and '*' → the installation's
//   removing           set: storage keys taken out of the index whose files are still to be removed
// Each script below changes it in one atomic step, so web processes and workers agree on the totals.

// Takes one sample out of the index and queues its file for removal. Its company is the key's second segment.
const DROP = `
local function drop(key, usedPrefix)
  local size = tonumber(redis.call('HGET', KEYS[3], key) or '0')
  redis.call('HDEL', KEYS[3], key)
  redis.call('ZREM', KEYS[1], key)
  local company = string.match(key, '^voice%-samples/([^/]+)/')
  if company then
    redis.call('ZREM', usedPrefix .. company, key)
    if redis.call('HINCRBY', KEYS[4], company, -size) <= 0 then redis.call('HDEL', KEYS[4], company) end
  end
  if redis.call('HINCRBY', KEYS[4], '*', -size) <= 0 then redis.call('HDEL', KEYS[4], '*') end
  redis.call('SADD', KEYS[5], key)
end

-- Drops the least recently used samples of the sorted set, never the one just used, while the total (the field of
-- totals) is over the limit.
local function evict(used, field, limit, keep, usedPrefix, dropped)
  while tonumber(redis.call('HGET', KEYS[4], field) or '0') > limit do
    local oldest = redis.call('ZRANGE', used, 0, 1)
    local victim = oldest[1]
    if victim == keep then victim = oldest[2] end
    if not victim then break end
    drop(victim, usedPrefix)
    table.insert(dropped, victim)
  end
end
`;

// A sample was stored or played: counted (a stored sample the index does not know, e.g. one from before it, is adopted)
// and marked as used now; then the company's and the installation's least recently used samples go while over limit.
// KEYS: used, used:<company>, bytes, totals, removing. ARGV: storage key, company, size, now, company limit, limit,
// prefix of the companies' sorted sets. Answers the storage keys whose files are to be removed.
const USE = `${DROP}
local key, company, size, at = ARGV[1], ARGV[2], tonumber(ARGV[3]), tonumber(ARGV[4])
local before = tonumber(redis.call('HGET', KEYS[3], key) or '0')
if size ~= before then
  redis.call('HSET', KEYS[3], key, size)
  redis.call('HINCRBY', KEYS[4], company, size - before)
  redis.call('HINCRBY', KEYS[4], '*', size - before)
end
redis.call('ZADD', KEYS[1], at, key)
redis.call('ZADD', KEYS[2], at, key)
redis.call('SREM', KEYS[5], key)
local dropped = {}
evict(KEYS[2], company, tonumber(ARGV[5]), key, ARGV[7], dropped)
evict(KEYS[1], '*', tonumber(ARGV[6]), key, ARGV[7], dropped)
return dropped`;

// Drops up to ARGV[2] samples last used before ARGV[1]. KEYS as for USE (the company's set unused). ARGV[3]: the prefix of
// the companies' sorted sets.
const EXPIRE = `${DROP}
local old = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', '(' .. ARGV[1], 'LIMIT', 0, tonumber(ARGV[2]))
for _, key in ipairs(old) do drop(key, ARGV[3]) end
return old`;

// Files queued for removal, but not those used again since (stored anew: in the index again). KEYS as for USE.
const PENDING = `
local pending = {}
for _, key in ipairs(redis.call('SRANDMEMBER', KEYS[5], tonumber(ARGV[1]))) do
  if redis.call('ZSCORE', KEYS[1], key) then redis.call('SREM', KEYS[5], key) else table.insert(pending, key) end
end
return pending`;

/** Samples expired in one step of the index (then their files are removed) before the next. */
const EXPIRE_BATCH = 200;

export interface VoiceSampleLimits {
  /** The bytes of all samples of one company. */
  companyBytes: number;
  /** The bytes of all samples of the installation. */
  totalBytes: number;
}

export interface VoiceSampleCacheOptions {
  redis: Redis;
  /** QUEUE_PREFIX: one Redis may serve several installations. */
  prefix: string;
  storage: StorageDriver;
  limits: VoiceSampleLimits;
}

/** The bytes the index counts, for the settings' documentation and the tests. */
export interface VoiceSampleTotals {
  total: number;
  byCompany: Record<string, number>;
}

export interface VoiceSampleCache {
  /**
   * The sample under `key` (of `size` bytes) was just stored or played: counts it as used at `at`, then removes the least
   * recently used samples while the company or the installation is over its limit (never this one).
   */
  use(key: string, companyId: string, size: number, at: Date): Promise<void>;
  /** Removes the samples last used before `cutoff`, and files left to remove by an earlier failure; answers how many. */
  expire(cutoff: Date): Promise<number>;
  totals(): Promise<VoiceSampleTotals>;
}

export function createVoiceSampleCache({ redis: client, prefix, storage: files, limits }: VoiceSampleCacheOptions) {
  const base = `${prefix}:voice-samples`;
  const usedPrefix = `${base}:used:`;
  const keys = (companyId: string) => [
    `${base}:used`,
    `${usedPrefix}${companyId}`,
    `${base}:bytes`,
    `${base}:totals`,
    `${base}:removing`,
  ];

  /** Removes the files; one that fails stays queued (logged) for the maintenance job to try again. */
  async function removeFiles(storageKeys: string[]): Promise<number> {
    let removed = 0;
    for (const key of storageKeys) {
      try {
        await files.remove(key);
        await client.srem(`${base}:removing`, key);
        removed += 1;
      } catch (error) {
        logger.warn('A voice sample could not be removed; the maintenance job tries again', { key, error });
      }
    }
    return removed;
  }

  const cache: VoiceSampleCache = {
    async use(key, companyId, size, at) {
      const args = [key, companyId, size, at.getTime(), limits.companyBytes, limits.totalBytes, usedPrefix];
      const dropped = (await client.eval(USE, 5, ...keys(companyId), ...args)) as string[];
      await removeFiles(dropped);
    },

    async expire(cutoff) {
      let expired = 0;
      for (;;) {
        const old = (await client.eval(EXPIRE, 5, ...keys(''), cutoff.getTime(), EXPIRE_BATCH, usedPrefix)) as string[];
        expired += await removeFiles(old);
        if (old.length < EXPIRE_BATCH) break;
      }
      // Files whose removal failed before (storage unreachable for a moment, a process stopped in between).
      const pending = (await client.eval(PENDING, 5, ...keys(''), EXPIRE_BATCH)) as string[];
      return expired + (await removeFiles(pending));
    },

    async totals() {
      const counted = await client.hgetall(`${base}:totals`);
      const { '*': total = '0', ...byCompany } = counted;
      return {
        total: Number(total),
        byCompany: Object.fromEntries(Object.entries(byCompany).map(([company, bytes]) => [company, Number(bytes)])),
      };
    },
  };
  return cache;
}

/** The limits set by VOICE_SAMPLES_MAX_MB and VOICE_SAMPLES_MAX_MB_PER_COMPANY. */
export function voiceSampleLimits(): VoiceSampleLimits {
  return {
    companyBytes: Math.floor(env.VOICE_SAMPLES_MAX_MB_PER_COMPANY * MB),
    totalBytes: Math.floor(env.VOICE_SAMPLES_MAX_MB * MB),
  };
}

/** The installation's cache: the shared Redis connection, QUEUE_PREFIX, the configured storage and limits. */
export function voiceSampleCache(): VoiceSampleCache {
  return createVoiceSampleCache({
    redis: redis(),
    prefix: env.QUEUE_PREFIX,
    storage: storage(),
    limits: voiceSampleLimits(),
  });
}
