import { now } from '@/lib/clock';
import type { Db } from '@/lib/db';
import { addFallbackReceipts } from './add-fallback-receipts';
import type { DeliveryAlert } from './load-delivery-alert';
import { startDeliveryParts } from './start-delivery-parts';

/**
 * Once the push is settled (deliver-part.ts): the fallback SMS at once to the people the push could not reach (no app,
 * dead tokens), who need not wait the 2 minutes. Parts of its own, so they see the receipts it just added.
 */
export async function sendEarlyFallbackSms(db: Db, alert: DeliveryAlert): Promise<void> {
  await addFallbackReceipts(db, alert.id, true, now());
  await startDeliveryParts(db, alert, [{ channel: 'sms', fallback: true, round: 1 }], 'early');
}
