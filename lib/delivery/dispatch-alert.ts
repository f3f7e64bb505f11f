import { now } from '@/lib/clock';
import type { Db } from '@/lib/db';
import { env } from '@/lib/env';
import type { Channel } from '@/lib/generated/prisma/enums';
import { DELIVERY_JOBS, enqueue } from '@/lib/queue';
import { addFallbackReceipts } from './add-fallback-receipts';
import { deliverReceiptGroups, type DeliveryRunEnd } from './deliver-receipt-groups';
import { hasFallbackSms, loadDeliveryAlert } from './load-delivery-alert';

const CHANNELS: Channel[] = ['push', 'sms', 'voice'];

/**
 * The dispatch job of a sent alert: schedules its fallback SMS, sends every channel's receipts, then sends the fallback
 * SMS at once to people the push could not reach (paying plans: its failures decide who). Safe to run again at any point.
 */
export async function dispatchAlert(db: Db, alertId: string): Promise<DeliveryRunEnd> {
  const alert = await loadDeliveryAlert(db, alertId);
  if (!alert) return { kind: 'done' };
  const fallback = hasFallbackSms(alert);
  if (fallback) {
    await enqueue(
      DELIVERY_JOBS.fallback,
      { alertId: alert.id },
      { delay: alert.sentAt.getTime() + env.FALLBACK_SMS_DELAY_SECONDS * 1000 - now().getTime() },
    );
  }

  const main = await deliverReceiptGroups(
    db,
    alert,
    CHANNELS.filter((channel) => alert.channels.includes(channel)).map((channel) => ({ channel, fallback: false })),
  );
  if (!fallback) return main;
  await addFallbackReceipts(db, alert.id, true, now());
  const early = await deliverReceiptGroups(db, alert, [{ channel: 'sms', fallback: true }]);
  return main.kind === 'done' ? early : main;
}

/** The fallback SMS job, 2 minutes after sending: everyone the app has not confirmed for gets an SMS (paying plans). */
export async function sendFallbackSms(db: Db, alertId: string): Promise<DeliveryRunEnd> {
  const alert = await loadDeliveryAlert(db, alertId);
  if (!alert || !hasFallbackSms(alert)) return { kind: 'done' };
  await addFallbackReceipts(db, alert.id, false, now());
  return deliverReceiptGroups(db, alert, [{ channel: 'sms', fallback: true }]);
}
