import type { Db } from '@/lib/db';
import { pushCapableDevice } from '@/lib/devices/can-receive-push';
import type { PushRequest, PushResult } from '@/lib/providers/push/push-types';
import { sendPush } from '@/lib/providers/push/send-push';
import { receiptKey } from '@/lib/receipts/receipt-key';
import type { ChannelSender } from './channel-sender';
import { joinFailureReasons, type DeliveryFailureCode } from '@/lib/providers/failure-reasons';
import type { DeliveryAlert } from './load-delivery-alert';
import type { ReceiptGroup } from './claim-receipts';
import type { SendOutcome } from './record-outcomes';
import { isOutboxProviderId } from '@/lib/providers/outbox/outbox-provider-id';

/**
 * Push to every device of each person (FCM, Web Push, or the outbox). A person's receipt is sent when any of their
 * devices took the message; without a device that can receive push it fails as `noApp` (the fallback SMS covers them).
 * A contact cycle round's push (fallback = true) goes only to who has not confirmed or answered (dropConfirmedFallbacks).
 */
export function pushSender(db: Db, alert: DeliveryAlert, { fallback, round }: ReceiptGroup): ChannelSender {
  return {
    batchSize: 500,
    send: async (claims) => {
      const devices = await db.device.findMany({
        where: { userId: { in: claims.map((claim) => claim.userId) }, ...pushCapableDevice },
        select: { id: true, userId: true, name: true, platform: true, pushToken: true, pushSubscription: true },
      });
      const requests: PushRequest[] = devices.map(({ userId, ...device }) => ({
        device,
        alert: {
          alertId: alert.id,
          companyId: alert.companyId,
          userId,
          type: alert.type,
          title: alert.title,
          message: alert.message,
          receiptKey: receiptKey({ alertId: alert.id, userId, channel: 'push', fallback, round }),
        },
      }));
      const results = await sendPush(db, requests);
      const byUser = new Map<string, PushResult[]>();
      results.forEach((result, index) =>
        byUser.set(requests[index].alert.userId, [...(byUser.get(requests[index].alert.userId) ?? []), result]),
      );
      return claims.map((claim) => personOutcome(claim.userId, byUser.get(claim.userId) ?? []));
    },
    findSent: async () => null,
  };
}

function personOutcome(userId: string, results: PushResult[]): SendOutcome {
  if (results.length === 0)
    return { userId, sent: false, permanent: true, reason: 'noApp' satisfies DeliveryFailureCode };
  // A device the provider took counts before one the outbox only recorded (that person is not reached by it).
  const taken = results.filter((result) => result.outcome === 'sent');
  const sent = taken.find((result) => !isOutboxProviderId(result.providerId)) ?? taken[0];
  if (sent) return { userId, sent: true, providerId: sent.providerId };
  const reasons = joinFailureReasons(results.map((result) => (result.outcome === 'failed' ? result.reason : '')));
  return {
    userId,
    sent: false,
    permanent: results.every((result) => result.outcome === 'failed' && result.permanent),
    reason: reasons,
  };
}
