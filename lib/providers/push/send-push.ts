import type { PushSubscription } from 'web-push';
import type { DbClient } from '@/lib/db';
import type { DeliveryFailureCode } from '@/lib/providers/failure-reasons';
import { pushSubscription } from './push-subscription';
import { fcmConfigured, webPushConfigured } from './push-config';
import { recordPushInOutbox } from './record-push-in-outbox';
import { sendByFcm, type FcmPush } from './send-by-fcm';
import { sendByWebPush, type WebPush } from './send-by-web-push';
import { pushFailed, type AnyPushRequest, type PushResult } from './push-types';

async function loadSoundSettings(db: DbClient, requests: AnyPushRequest[]): Promise<Map<string, unknown>> {
  const companyIds = [...new Set(requests.flatMap((request) => (request.alert ? [request.alert.companyId] : [])))];
  if (companyIds.length === 0) return new Map();
  const companies = await db.company.findMany({
    where: { id: { in: companyIds } },
    select: { id: true, alertSoundSettings: true },
  });
  return new Map(companies.map((company) => [company.id, company.alertSoundSettings]));
}

/**
 * Pushes an alert (or a positioning request, a test, a mission warning) to each device (DESIGN §6): phones through FCM, browsers through Web Push, or the outbox where that
 * provider is not configured. One result per request, in order; one message's failure never throws.
 * deliveryKey = `${receiptKey}:${deviceId}`. A device without a push token or subscription fails for good ('noPushToken').
 */
export async function sendPush(db: DbClient, requests: AnyPushRequest[]): Promise<PushResult[]> {
  const results = new Array<PushResult>(requests.length);
  const fcm: (FcmPush & { index: number })[] = [];
  const web: (WebPush & { index: number })[] = [];
  const outbox: { request: AnyPushRequest; index: number }[] = [];
  requests.forEach((request, index) => {
    const { device } = request;
    const subscription =
      device.platform === 'web' ? pushSubscription.safeParse(device.pushSubscription).data : undefined;
    if (device.platform === 'web' ? !subscription : !device.pushToken)
      results[index] = pushFailed(request, true, 'noPushToken' satisfies DeliveryFailureCode);
    else if (device.platform === 'web' ? !webPushConfigured() : !fcmConfigured()) outbox.push({ request, index });
    else if (subscription) web.push({ request, subscription: subscription as PushSubscription, index });
    else fcm.push({ request, token: device.pushToken as string, index });
  });

  const soundSettings = await loadSoundSettings(
    db,
    [...fcm, ...web].map(({ request }) => request),
  );
  const sent = await Promise.all([
    sendByFcm(db, fcm, soundSettings),
    sendByWebPush(db, web, soundSettings),
    recordPushInOutbox(
      db,
      outbox.map(({ request }) => request),
    ),
  ]);
  [fcm, web, outbox].forEach((routed, route) =>
    routed.forEach(({ index }, position) => (results[index] = sent[route][position])),
  );
  return results;
}
