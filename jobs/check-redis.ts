import type { Redis } from 'ioredis';

/**
 * BullMQ keeps jobs in Redis: with any eviction policy but noeviction, Redis under memory pressure silently drops
 * queued alerts. The worker refuses to start on such a Redis.
 */
export async function assertNoEviction(redis: Redis): Promise<void> {
  let policy: string | undefined;
  try {
    const reply = (await redis.config('GET', 'maxmemory-policy')) as string[];
    policy = reply[1];
  } catch {
    // CONFIG may be disabled on managed Redis: read it from INFO instead.
    const info = await redis.info('memory');
    policy = /maxmemory_policy:(\S+)/.exec(info)?.[1];
  }
  if (policy !== 'noeviction') {
    throw new Error(
      `Redis maxmemory-policy is "${policy ?? 'unknown'}"; Tocsin needs "noeviction" so queued alerts are never dropped. ` +
        'Start Redis with --maxmemory-policy noeviction (and --appendonly yes).',
    );
  }
}
