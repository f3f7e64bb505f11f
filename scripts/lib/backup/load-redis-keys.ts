import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { Redis } from 'ioredis';
import { BackupError } from './backup-error';

const BATCH = 500;

interface DumpedKey {
  key: string;
  value: string;
  expireAt: number | null;
}

/**
 * Puts back the keys of `dumpRedisKeys` with RESTORE, each with its expiry at the same absolute time (a key whose time
 * has passed meanwhile is not put back), so a delayed job fires when it would have. Never replaces a key.
 */
export async function loadRedisKeys(redisUrl: string, file: string, madeByRedis: string): Promise<number> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true });
  let count = 0;
  const flush = async (batch: DumpedKey[]) => {
    const pipeline = redis.pipeline();
    for (const { key, value, expireAt } of batch)
      pipeline.restore(Buffer.from(key, 'base64'), expireAt ?? 0, Buffer.from(value, 'base64'), 'ABSTTL');
    for (const [error] of (await pipeline.exec()) ?? []) {
      if (!error) continue;
      if (/payload version/i.test(error.message)) {
        throw new BackupError(
          `This Redis cannot read the archive's keys: they come from Redis ${madeByRedis}. Restore into Redis ` +
            `${madeByRedis} or newer.`,
        );
      }
      throw error;
    }
    count += batch.length;
  };
  try {
    await redis.connect();
    let batch: DumpedKey[] = [];
    for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
      if (!line) continue;
      batch.push(JSON.parse(line) as DumpedKey);
      if (batch.length === BATCH) {
        await flush(batch);
        batch = [];
      }
    }
    await flush(batch);
    return count;
  } finally {
    redis.disconnect();
  }
}
