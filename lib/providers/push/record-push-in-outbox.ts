import type { DbClient } from '@/lib/db';
import type { DeliveryFailureCode } from '@/lib/providers/failure-reasons';
import { recordAlertMessages } from '@/lib/providers/outbox/record-alert-messages';
import { helpNeededPushData } from './help-needed-push-message';
import { missionWarningPushData } from './mission-warning-push-message';
import { positioningPushData } from './positioning-push-message';
import { pushDeliveryKey, pushFailed, pushSent, type AnyPushRequest, type PushResult } from './push-types';
import { testPushData } from './test-push-message';
import { outboxProviderId } from '@/lib/providers/outbox/outbox-provider-id';

/**
 * The outbox driver for push (no provider configured): one row per alert (or positioning, test, mission warning) and
 * device, also when recorded again.
 */
export async function recordPushInOutbox(db: DbClient, requests: AnyPushRequest[]): Promise<PushResult[]> {
  const ids = await recordAlertMessages(
    db,
    requests.map((request) => {
      const { device, alert, positioning, test, missionWarning, helpNeeded } = request;
      const about = alert
        ? { alertId: alert.alertId, companyId: alert.companyId, body: `${alert.title}\n${alert.message}` }
        : positioning
          ? { alertId: null, companyId: positioning.companyId, body: positioning.reason }
          : test
            ? { alertId: null, companyId: test.companyId, body: 'Test push' }
            : missionWarning
              ? { alertId: null, companyId: missionWarning.companyId, body: 'Mission warning' }
              : {
                  alertId: helpNeeded.alertId,
                  companyId: helpNeeded.companyId,
                  body: `${helpNeeded.personName} needs help\n${helpNeeded.alertTitle}`,
                };
      return {
        ...about,
        deliveryKey: pushDeliveryKey(request),
        channel: 'push' as const,
        recipient: device.name,
        payload: {
          ...(alert
            ? { alertId: alert.alertId }
            : positioning
              ? positioningPushData(positioning)
              : test
                ? testPushData(test)
                : missionWarning
                  ? missionWarningPushData(missionWarning)
                  : helpNeededPushData(helpNeeded)),
          userId: (alert ?? positioning ?? test ?? missionWarning ?? helpNeeded).userId,
          deviceId: device.id,
          platform: device.platform,
        },
      };
    }),
  );
  return requests.map((request) => {
    const id = ids.get(pushDeliveryKey(request));
    return id
      ? pushSent(request, outboxProviderId(id))
      : pushFailed(request, false, 'outboxNotRecorded' satisfies DeliveryFailureCode);
  });
}
