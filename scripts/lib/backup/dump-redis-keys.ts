import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { Redis } from 'ioredis';

// One script, so Redis runs nothing else between the first key and the last: a delayed job is never caught half moved
// from one BullMQ list to another. It blocks Redis for as long as it runs (milliseconds for thousands of jobs).
const SNAPSHOT_SCRIPT = `
local keys = redis.call('KEYS', ARGV[1])
local time = redis.call('TIME')
local out = { time[1], time[2] }
for _, key in ipairs(keys) do
  local ttl = redis.call('PTTL', key)
  if ttl ~= -2 then
    out[#out + 1] = key
    out[#out + 1] = redis.call('DUMP', key)
    out[#out + 1] = ttl
  end
end
return out`;

/** A Redis glob that matches the text as it is. */
const literalGlob = (text: string) => text.replace(/[*?[\]\\]/g, '\\$&');

/**
 * Every key under `<prefix>:` (the queues' jobs, delayed ones included, and the product's other keys) at one moment,
 * as DUMP payloads with their expiry as an absolute time, one JSON line per key (base64), written to `file`.
 */
export async function dumpRedisKeys(
  redisUrl: string,
  prefix: string,
  file: string,
): Promise<{ keys: number; redisVersion: string }> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true });
  try {
    await redis.connect();
    const redisVersion = /redis_version:(\S+)/.exec(await redis.info('server'))?.[1] ?? 'unknown';
    const [seconds, micros, ...entries] = (await redis.callBuffer(
      'EVAL',
      SNAPSHOT_SCRIPT,
      0,
      `${literalGlob(prefix)}:*`,
    )) as (Buffer | number)[];
    const serverNow = Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
    const out = createWriteStream(file, { mode: 0o600 });
    for (let i = 0; i < entries.length; i += 3) {
      const ttl = entries[i + 2] as number;
      const line = {
        key: (entries[i] as Buffer).toString('base64'),
        value: (entries[i + 1] as Buffer).toString('base64'),
        expireAt: ttl >= 0 ? serverNow + ttl : null,
      };
      if (!out.write(`${JSON.stringify(line)}\n`)) await once(out, 'drain');
    }
    out.end();
    await once(out, 'finish');
    return { keys: entries.length / 3, redisVersion };
  } finally {
    redis.disconnect();
  }
}
