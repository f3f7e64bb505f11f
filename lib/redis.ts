import { Redis, type RedisOptions } from 'ioredis';
import { required } from '@/lib/env';

/** A new Redis connection. BullMQ workers need maxRetriesPerRequest: null; everything else fails fast. */
export function createRedis(options: RedisOptions = {}): Redis {
  return new Redis(required('REDIS_URL'), { lazyConnect: false, ...options });
}

const globalForRedis = globalThis as unknown as { tocsinRedis?: Redis };

/** The shared connection for short commands (health checks, rate limits). */
export function redis(): Redis {
  globalForRedis.tocsinRedis ??= createRedis({ maxRetriesPerRequest: 1, connectTimeout: 2000 });
  return globalForRedis.tocsinRedis;
}

export async function disconnectRedis(): Promise<void> {
  if (globalForRedis.tocsinRedis) {
    globalForRedis.tocsinRedis.disconnect();
    globalForRedis.tocsinRedis = undefined;
  }
}
