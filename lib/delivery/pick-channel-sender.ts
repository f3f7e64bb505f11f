import type { Db } from '@/lib/db';
import type { Channel } from '@/lib/generated/prisma/enums';
import type { ChannelSender } from './channel-sender';
import type { DeliveryAlert } from './load-delivery-alert';
import { pushSender } from './push-sender';
import { smsSender } from './sms-sender';
import { voiceSender } from './voice-sender';

/** The sender of one receipt group of an alert. */
export function pickChannelSender(db: Db, alert: DeliveryAlert, channel: Channel, fallback: boolean): ChannelSender {
  if (channel === 'push') return pushSender(db, alert);
  if (channel === 'voice') return voiceSender(db, alert);
  return smsSender(db, alert, fallback);
}
