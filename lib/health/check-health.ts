import { db } from '@/lib/db';
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

/** Database and Redis status: `degraded` when either is down. */
export async function checkHealth() {
  const [database, redisStatus] = await Promise.all([
    probe(() => db().$queryRaw`SELECT 1`),
    probe(() => redis().ping()),
  ]);
  const ok = database === 'up' && redisStatus === 'up';
  return { status: ok ? ('ok' as const) : ('degraded' as const), database, redis: redisStatus };
}
