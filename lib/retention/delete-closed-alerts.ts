import type { Db } from '@/lib/db';
import { CLOSED_ALERT_DELETE_DAYS, daysBefore } from './retention-windows';

/** Closed alerts (with their recipients, receipts, comments and attachment records) are deleted 30 days after closing. */
export async function deleteClosedAlerts(client: Db, now: Date): Promise<number> {
  const result = await client.alert.deleteMany({
    where: { status: 'completed', closedAt: { lt: daysBefore(now, CLOSED_ALERT_DELETE_DAYS) } },
  });
  return result.count;
}
