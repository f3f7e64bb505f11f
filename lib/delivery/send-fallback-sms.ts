import { now } from '@/lib/clock';
import type { Db } from '@/lib/db';
import { addFallbackReceipts } from './add-fallback-receipts';
import { hasFallbackSms, loadDeliveryAlert } from './load-delivery-alert';
import { startDeliveryParts } from './start-delivery-parts';

/**
 * The fallback SMS job, started so that its SMS are requested within 2 minutes of sending (fallback-start.ts): everyone
 * the app has not confirmed for gets an SMS (paying plans), except who confirms before their SMS is taken.
 */
export async function sendFallbackSms(db: Db, alertId: string): Promise<void> {
  const alert = await loadDeliveryAlert(db, alertId);
  if (!alert || !hasFallbackSms(alert)) return;
  await addFallbackReceipts(db, alert.id, false, now());
  await startDeliveryParts(db, alert, [{ channel: 'sms', fallback: true, round: 1 }], 'fallback');
}
