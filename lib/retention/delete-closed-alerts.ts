import { removeStoredFiles } from '@/lib/attachments/remove-stored-files';
import type { Db } from '@/lib/db';
import { CLOSED_ALERT_DELETE_DAYS, daysBefore } from './retention-windows';

/**
 * Closed alerts (with their recipients, receipts, comments and attachments) are deleted 30 days after closing; the
 * attachments' files (of the alert and of its comments) are removed once their rows are gone.
 */
export async function deleteClosedAlerts(client: Db, now: Date): Promise<number> {
  const expired = { status: 'completed' as const, closedAt: { lt: daysBefore(now, CLOSED_ALERT_DELETE_DAYS) } };
  const alerts = await client.alert.findMany({ where: expired, select: { id: true } });
  if (alerts.length === 0) return 0;
  const ids = alerts.map((alert) => alert.id);
  const files = await client.attachment.findMany({
    where: { OR: [{ alertId: { in: ids } }, { comment: { alertId: { in: ids } } }] },
    select: { storageKey: true },
  });
  const result = await client.alert.deleteMany({ where: { ...expired, id: { in: ids } } });
  await removeStoredFiles(files.map((file) => file.storageKey));
  return result.count;
}
