import { Redis, type RedisOptions } from 'ioredis';
import { required } from '@/lib/env';
import { processSingleton } from '@/lib/singleton';

/** A new Redis connection. BullMQ workers need maxRetriesPerRequest: null; everything else fails fast. */
export function createRedis(options: RedisOptions = {}): Redis {
  return new Redis(required('REDIS_URL'), { lazyConnect: false, ...options });
}

const shared = processSingleton('redis', () => createRedis({ maxRetriesPerRequest: 1, connectTimeout: 2000 }));

/** The shared connection for short commands (health checks, rate limits). */
export function redis(): Redis {
  return shared.get();
}

export async function disconnectRedis(): Promise<void> {
  shared.remove()?.disconnect();
}
