import type { Db } from '@/lib/db';
import { CLOSED_ALERT_DELETE_DAYS, daysBefore } from './retention-windows';

/**
 * The positioning log follows the alerts' retention (issue 17): a positioning (with its results) is deleted 30 days
 * after its answer time closed it. Admins cannot edit or delete it before.
 */
export async function deleteClosedPositionings(client: Db, now: Date): Promise<number> {
  const result = await client.positioning.deleteMany({
    where: { closedAt: { lt: daysBefore(now, CLOSED_ALERT_DELETE_DAYS) } },
  });
  return result.count;
}
