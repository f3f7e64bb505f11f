import { db } from '@/lib/db';
import { Reply } from '@/lib/http/route';
import { redis } from '@/lib/redis';

const TIMEOUT_MS = 2000;

async function probe(check: () => Promise<unknown>): Promise<'up' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'up';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

/** Database and Redis status; 503 when either is down, so load balancers and compose healthchecks can act on it. */
export async function checkHealth() {
  const [database, redisStatus] = await Promise.all([probe(() => db().$queryRaw`SELECT 1`), probe(() => redis().ping())]);
  const ok = database === 'up' && redisStatus === 'up';
  return new Reply({ status: ok ? 'ok' : 'degraded', database, redis: redisStatus }, ok ? 200 : 503);
}
