import type { DbClient } from '@/lib/db';
import type { DeliveryFailureCode } from '@/lib/delivery/failure-reasons';
import { recordAlertMessages } from '@/lib/providers/outbox/record-alert-messages';
import { pushDeliveryKey, pushFailed, pushSent, type PushRequest, type PushResult } from './push-types';

/** The outbox driver for push (no provider configured): one row per alert and device, also when recorded again. */
export async function recordPushInOutbox(db: DbClient, requests: PushRequest[]): Promise<PushResult[]> {
  const ids = await recordAlertMessages(
    db,
    requests.map(({ device, alert }) => ({
      deliveryKey: pushDeliveryKey({ device, alert }),
      alertId: alert.alertId,
      companyId: alert.companyId,
      channel: 'push' as const,
      recipient: device.name,
      body: `${alert.title}\n${alert.message}`,
      payload: { alertId: alert.alertId, userId: alert.userId, deviceId: device.id, platform: device.platform },
    })),
  );
  return requests.map((request) => {
    const id = ids.get(pushDeliveryKey(request));
    return id
      ? pushSent(request, `outbox:${id}`)
      : pushFailed(request, false, 'outboxNotRecorded' satisfies DeliveryFailureCode);
  });
}
