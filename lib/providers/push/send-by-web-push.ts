import webpush, { type PushSubscription } from 'web-push';
import type { DbClient } from '@/lib/db';
import { webPushHelpNeededMessage } from './help-needed-push-message';
import { mapConcurrently } from '@/lib/map-concurrently';
import { addToSharedCounters } from '@/lib/metrics/shared-counters';
import { webPushMissionWarningMessage } from './mission-warning-push-message';
import { webPushPositioningMessage } from './positioning-push-message';
import { pushPresentation } from './push-presentation';
import { pushFailed, pushSent, type AnyPushRequest, type PushResult } from './push-types';
import { removeDeadPushSubscriptions } from './remove-dead-push-targets';
import { webPushTestMessage } from './test-push-message';
import { webPushMessage } from './web-push-message';

/** Requests to push services in flight at once (each browser's endpoint is its own request). */
const CONCURRENCY = 50;

export interface WebPush {
  request: AnyPushRequest;
  subscription: PushSubscription;
}

/** 404/410: the subscription expired or the user revoked it. Other 4xx: refused for good. 429, 5xx, network: later. */
function failure(error: unknown): {
  gone: boolean;
  permanent: boolean;
  rateLimited?: boolean;
  reason: string;
  status?: string;
} {
  const { statusCode, body, message } = (error ?? {}) as { statusCode?: number; body?: string; message?: string };
  if (typeof statusCode !== 'number')
    return { gone: false, permanent: false, reason: `Web Push: ${message ?? String(error)}` };
  const gone = statusCode === 404 || statusCode === 410;
  const permanent = gone || (statusCode >= 400 && statusCode < 500 && statusCode !== 429);
  const reason = `Web Push ${statusCode}: ${body || message || ''}`.trim();
  return { gone, permanent, rateLimited: statusCode === 429, reason, status: String(statusCode) };
}

/** Sends each push to its browser's push service (encrypted, VAPID-signed); a subscription that is gone is removed. */
export async function sendByWebPush(
  db: DbClient,
  pushes: WebPush[],
  soundSettings: Map<string, unknown>,
): Promise<PushResult[]> {
  const dead: { deviceId: string; endpoint: string }[] = [];
  const results = await mapConcurrently(pushes, CONCURRENCY, async ({ request, subscription }) => {
    const { alert, positioning, test, missionWarning, helpNeeded, device } = request;
    const { payload, options } = alert
      ? webPushMessage(alert, pushPresentation(alert.type, soundSettings.get(alert.companyId)))
      : positioning
        ? webPushPositioningMessage(positioning)
        : test
          ? webPushTestMessage(test)
          : missionWarning
            ? webPushMissionWarningMessage(missionWarning)
            : webPushHelpNeededMessage(helpNeeded);
    try {
      const sent = await webpush.sendNotification(subscription, payload, options);
      // RFC 8030: the push service answers 201 with the push message's address.
      return pushSent(request, sent.headers.location ?? subscription.endpoint, String(sent.statusCode));
    } catch (error) {
      const { gone, permanent, reason, rateLimited, status } = failure(error);
      if (rateLimited) await addToSharedCounters([{ counter: 'providerRateLimited', labels: { provider: 'webPush' } }]);
      if (gone) dead.push({ deviceId: device.id, endpoint: subscription.endpoint });
      return pushFailed(request, permanent, reason, status);
    }
  });
  await removeDeadPushSubscriptions(db, dead);
  return results;
}
