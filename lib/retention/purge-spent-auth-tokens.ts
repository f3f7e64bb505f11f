import type { Db } from '@/lib/db';
import { daysBefore } from './retention-windows';

/** Reset links, confirmation links and login tickets that were used or expired more than a day ago. */
export async function purgeSpentAuthTokens(client: Db, now: Date): Promise<number> {
  const cutoff = daysBefore(now, 1);
  const result = await client.authToken.deleteMany({
    where: { OR: [{ expiresAt: { lt: cutoff } }, { usedAt: { lt: cutoff } }] },
  });
  return result.count;
}
