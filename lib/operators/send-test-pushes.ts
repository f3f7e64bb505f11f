import { pushCapableDevice } from '@/lib/devices/can-receive-push';
import type { DbClient } from '@/lib/db';
import { isDeliveryFailureCode } from '@/lib/providers/failure-reasons';
import { isOutboxProviderId, outboxRecordId } from '@/lib/providers/outbox/outbox-provider-id';
import { fcmConfigured, webPushConfigured } from '@/lib/providers/push/push-config';
import type { PushDevice, PushResult } from '@/lib/providers/push/push-types';
import { sendPush } from '@/lib/providers/push/send-push';
import { answerOf, PROVIDER_SETTINGS, type ProviderAnswer } from './channel-test-answer';

function answerFor(device: PushDevice, result: PushResult): ProviderAnswer {
  const web = device.platform === 'web';
  const configured = web ? webPushConfigured() : fcmConfigured();
  const provider = !configured ? 'outbox' : web ? 'webPush' : 'fcm';
  const recipient = device.name;
  if (result.outcome === 'sent') {
    if (isOutboxProviderId(result.providerId))
      return answerOf({ provider: 'outbox', recipient, outcome: 'recorded', id: outboxRecordId(result.providerId) });
    return answerOf({
      provider,
      recipient,
      outcome: 'sent',
      id: result.providerId,
      status: result.providerStatus ?? null,
    });
  }
  if (isDeliveryFailureCode(result.reason))
    return answerOf({ provider, recipient, outcome: 'failed', reason: result.reason });
  return answerOf({
    provider,
    recipient,
    outcome: 'failed',
    errorCode: result.providerCode ?? null,
    errorMessage: result.reason,
  });
}

/**
 * A test push to each device of the account that can receive push (the same "Tocsin test" a person sends from the
 * responder's "Test my alerts"): apps through FCM, browsers through Web Push, each through the outbox where its
 * provider is not configured. A token or subscription the provider says is gone is dropped, as after any push.
 * Null when the account has no such device; else each device's answer, and the settings that would make those the
 * outbox took send.
 */
export async function sendTestPushes(
  db: DbClient,
  { userId, testId }: { userId: string; testId: string },
): Promise<{ answers: ProviderAnswer[]; settingsToSend: string[] } | null> {
  const devices = await db.device.findMany({
    where: { userId, ...pushCapableDevice },
    select: { id: true, name: true, platform: true, pushToken: true, pushSubscription: true },
    orderBy: [{ lastSeenAt: { sort: 'desc', nulls: 'last' } }, { createdAt: 'desc' }],
  });
  if (devices.length === 0) return null;
  const results = await sendPush(
    db,
    devices.map((device) => ({ device, test: { testId, companyId: null, userId } })),
  );
  const answers = devices.map((device, index) => answerFor(device, results[index]));
  const recorded = devices.filter((_, index) => answers[index].provider === 'outbox');
  const settingsToSend = [
    ...(recorded.some((device) => device.platform !== 'web') ? PROVIDER_SETTINGS.fcm : []),
    ...(recorded.some((device) => device.platform === 'web') ? PROVIDER_SETTINGS.webPush : []),
  ];
  return { answers, settingsToSend };
}
