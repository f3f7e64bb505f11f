import type { SendResponse } from 'firebase-admin/messaging';
import type { DbClient } from '@/lib/db';
import { fcmHelpNeededMessage } from './help-needed-push-message';
import { addToSharedCounters } from '@/lib/metrics/shared-counters';
import { FCM_BATCH_SIZE, fcmMessaging } from './fcm-messaging';
import { fcmMessage } from './fcm-message';
import { fcmMissionWarningMessage } from './mission-warning-push-message';
import { fcmPositioningMessage } from './positioning-push-message';
import { pushPresentation } from './push-presentation';
import { pushFailed, pushSent, type AnyPushRequest, type PushResult } from './push-types';
import { removeDeadPushTokens } from './remove-dead-push-targets';
import { fcmTestMessage } from './test-push-message';

const UNREGISTERED = 'messaging/registration-token-not-registered';
/** FCM's 429 (QUOTA_EXCEEDED): temporary, the receipt's next attempt sends it; counted for the operator's metrics. */
const RATE_EXCEEDED = 'messaging/message-rate-exceeded';
/** FCM refused the message itself (bad token or payload, wrong project or APNs key): sending it again cannot help. */
const PERMANENT = new Set([
  UNREGISTERED,
  'messaging/invalid-argument',
  'messaging/invalid-recipient',
  'messaging/invalid-payload',
  'messaging/invalid-data-payload-key',
  'messaging/payload-size-limit-exceeded',
  'messaging/invalid-options',
  'messaging/invalid-registration-token',
  'messaging/mismatched-credential',
  'messaging/invalid-package-name',
  'messaging/third-party-auth-error',
  'messaging/authentication-error',
]);

export interface FcmPush {
  request: AnyPushRequest;
  token: string;
}

function describe(error: unknown): { code: string; reason: string } {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  return { code: code ?? '', reason: `FCM ${code ?? 'error'}: ${message ?? String(error)}` };
}

/**
 * Sends through FCM, at most FCM_BATCH_SIZE messages per call; one result per push, in order. Unavailable, internal,
 * rate-limited and network failures are temporary; a token FCM no longer knows is removed from its device.
 */
export async function sendByFcm(
  db: DbClient,
  pushes: FcmPush[],
  soundSettings: Map<string, unknown>,
): Promise<PushResult[]> {
  const results: PushResult[] = [];
  const deadTokens: string[] = [];
  let rateLimited = 0;
  for (let start = 0; start < pushes.length; start += FCM_BATCH_SIZE) {
    const batch = pushes.slice(start, start + FCM_BATCH_SIZE);
    const messages = batch.map(({ token, request: { alert, positioning, test, missionWarning, helpNeeded } }) =>
      alert
        ? fcmMessage(token, alert, pushPresentation(alert.type, soundSettings.get(alert.companyId)))
        : positioning
          ? fcmPositioningMessage(token, positioning)
          : test
            ? fcmTestMessage(token, test)
            : missionWarning
              ? fcmMissionWarningMessage(token, missionWarning)
              : fcmHelpNeededMessage(token, helpNeeded),
    );
    let responses: SendResponse[];
    try {
      responses = (await fcmMessaging().sendEach(messages)).responses;
    } catch (error) {
      // The call as a whole failed (no connection to FCM): none of these is known to have gone out.
      results.push(...batch.map(({ request }) => pushFailed(request, false, describe(error).reason)));
      continue;
    }
    batch.forEach(({ request, token }, index) => {
      const response = responses[index];
      if (response.success) {
        results.push(pushSent(request, response.messageId as string));
        return;
      }
      const { code, reason } = describe(response.error);
      if (code === UNREGISTERED) deadTokens.push(token);
      if (code === RATE_EXCEEDED) rateLimited += 1;
      results.push(pushFailed(request, PERMANENT.has(code), reason, code || undefined));
    });
  }
  await removeDeadPushTokens(db, deadTokens);
  if (rateLimited > 0)
    await addToSharedCounters([{ counter: 'providerRateLimited', labels: { provider: 'fcm' }, by: rateLimited }]);
  return results;
}
