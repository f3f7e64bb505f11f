import type { Db } from '@/lib/db';
import { ACTIVE_ALERT_AUTO_CLOSE_DAYS, daysBefore } from './retention-windows';

/** Active alerts close automatically 7 days after they were sent. */
export async function closeStaleAlerts(client: Db, now: Date): Promise<number> {
  const result = await client.alert.updateMany({
    where: { status: 'active', sentAt: { lt: daysBefore(now, ACTIVE_ALERT_AUTO_CLOSE_DAYS) } },
    data: { status: 'completed', closedAt: now },
  });
  return result.count;
}
