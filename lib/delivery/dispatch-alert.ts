import { now } from '@/lib/clock';
import type { Db } from '@/lib/db';
import type { Channel } from '@/lib/generated/prisma/enums';
import { DELIVERY_JOBS, enqueue } from '@/lib/queue';
import { addFallbackReceipts } from './add-fallback-receipts';
import { fallbackStartsAt } from './fallback-start';
import { hasFallbackSms, loadDeliveryAlert, type DeliveryAlert } from './load-delivery-alert';
import { startDeliveryParts } from './start-delivery-parts';

const CHANNELS: Channel[] = ['push', 'sms', 'voice'];

/**
 * The dispatch job of a sent alert: schedules its fallback SMS and starts the parts that send each channel's receipts
 * (jobs any worker takes). Safe to run again at any point: parts still known to BullMQ are not added twice.
 */
export async function dispatchAlert(db: Db, alertId: string): Promise<void> {
  const alert = await loadDeliveryAlert(db, alertId);
  if (!alert) return;
  if (hasFallbackSms(alert)) {
    const candidates = await db.receipt.count({ where: { alertId: alert.id, channel: 'push', fallback: false } });
    await enqueue(
      DELIVERY_JOBS.fallback,
      { alertId: alert.id },
      { delay: fallbackStartsAt(alert.sentAt, candidates).getTime() - now().getTime() },
    );
  }
  const groups = CHANNELS.filter((channel) => alert.channels.includes(channel)).map((channel) => ({
    channel,
    fallback: false,
  }));
  await startDeliveryParts(db, alert, groups, 'dispatch');
}

/**
 * Once the push is settled (deliver-part.ts): the fallback SMS at once to the people the push could not reach (no app,
 * dead tokens), who need not wait the 2 minutes. Parts of its own, so they see the receipts it just added.
 */
export async function sendEarlyFallbackSms(db: Db, alert: DeliveryAlert): Promise<void> {
  await addFallbackReceipts(db, alert.id, true, now());
  await startDeliveryParts(db, alert, [{ channel: 'sms', fallback: true }], 'early');
}

/**
 * The fallback SMS job, started so that its SMS are requested within 2 minutes of sending (fallback-start.ts): everyone
 * the app has not confirmed for gets an SMS (paying plans), except who confirms before their SMS is taken.
 */
export async function sendFallbackSms(db: Db, alertId: string): Promise<void> {
  const alert = await loadDeliveryAlert(db, alertId);
  if (!alert || !hasFallbackSms(alert)) return;
  await addFallbackReceipts(db, alert.id, false, now());
  await startDeliveryParts(db, alert, [{ channel: 'sms', fallback: true }], 'fallback');
}
