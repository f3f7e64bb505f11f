import type { Db } from '@/lib/db';
import { daysBefore, ENDED_SESSION_KEEP_DAYS } from './retention-windows';

/** Sessions past their hard deadline or revoked more than a day ago are removed. */
export async function purgeEndedSessions(client: Db, now: Date): Promise<number> {
  const cutoff = daysBefore(now, ENDED_SESSION_KEEP_DAYS);
  const result = await client.session.deleteMany({
    where: {
      OR: [{ absoluteExpiresAt: { lt: cutoff } }, { revokedAt: { lt: cutoff } }, { idleExpiresAt: { lt: cutoff } }],
    },
  });
  return result.count;
}
