import { now } from '@/lib/clock';
import type { Db } from '@/lib/db';
import type { Channel } from '@/lib/generated/prisma/enums';
import { DELIVERY_JOBS, enqueue } from '@/lib/queue';
import { fallbackStartsAt } from './fallback-start';
import { hasFallbackSms, loadDeliveryAlert } from './load-delivery-alert';
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
    round: 1,
  }));
  await startDeliveryParts(db, alert, groups, 'dispatch');
}
