import type { Db } from '@/lib/db';
import type { ChannelSender } from './channel-sender';
import type { ReceiptGroup } from './claim-receipts';
import type { DeliveryAlert } from './load-delivery-alert';
import { pushSender } from './push-sender';
import { smsSender } from './sms-sender';
import { voiceSender } from './voice-sender';

/** The sender of one receipt group of an alert. */
export function pickChannelSender(db: Db, alert: DeliveryAlert, group: ReceiptGroup): ChannelSender {
  if (group.channel === 'push') return pushSender(db, alert, group);
  if (group.channel === 'voice') return voiceSender(db, alert, group);
  return smsSender(db, alert, group);
}
