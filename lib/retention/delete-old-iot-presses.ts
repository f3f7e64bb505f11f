import type { Db } from '@/lib/db';
import { CLOSED_ALERT_DELETE_DAYS, daysBefore } from './retention-windows';

/** The press log of the Flic buttons follows the alerts' retention: a press is deleted 30 days after it was made. */
export async function deleteOldIotPresses(client: Db, now: Date): Promise<number> {
  const result = await client.iotPress.deleteMany({
    where: { createdAt: { lt: daysBefore(now, CLOSED_ALERT_DELETE_DAYS) } },
  });
  return result.count;
}
