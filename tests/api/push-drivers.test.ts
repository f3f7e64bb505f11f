import { describe, it, expect, beforeAll, afterAll, beforeEach, jest } from '@jest/globals';
import { randomBytes, randomUUID } from 'node:crypto';
import webpush from 'web-push';
import { startFakeFcm, type FakeFcm } from '../helpers/fake-fcm';
import { startFakeWebPush, type FakeWebPush } from '../helpers/fake-web-push';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

// The push drivers against local fakes in FCM's and a push service's shape: the real firebase-admin (its HTTP/1.1
// transport, reaching the fake through FCM_API_URL, with a generated service account and OAuth) and the real web-push
// (encryption and VAPID, checked and decrypted by the fake). lib/env reads the environment once, when first imported:
// the code under test is imported after it is set, and again in an isolated registry for the unconfigured (outbox) case.
type SendPush = typeof import('@/lib/providers/push/send-push').sendPush;
type PushRequest = import('@/lib/providers/push/push-types').PushRequest;
type Fixtures = typeof import('../helpers/fixtures');

let database: TestDatabase;
let fcm: FakeFcm;
let pushService: FakeWebPush;
let sendPush: SendPush;
let fixtures: Fixtures;
let sendEachSpy: jest.Spied<import('firebase-admin/messaging').Messaging['sendEach']>;
const savedEnv = { ...process.env };
const vapid = webpush.generateVAPIDKeys();
const SUBJECT = 'mailto:ops@tocsin.test';
let pushEnv: Record<string, string>;

beforeAll(async () => {
  database = await createTestDatabase();
  fcm = await startFakeFcm();
  pushService = await startFakeWebPush(vapid.publicKey);
  pushEnv = {
    FCM_SERVICE_ACCOUNT: fcm.serviceAccountFile,
    FCM_API_URL: fcm.url,
    WEB_PUSH_VAPID_PUBLIC_KEY: vapid.publicKey,
    WEB_PUSH_VAPID_PRIVATE_KEY: vapid.privateKey,
    WEB_PUSH_SUBJECT: SUBJECT,
  };
  Object.assign(process.env, { DATABASE_URL: database.url, ...pushEnv });
  sendPush = (await import('@/lib/providers/push/send-push')).sendPush;
  fixtures = await import('../helpers/fixtures');
  const { Messaging } = await import('firebase-admin/messaging');
  sendEachSpy = jest.spyOn(Messaging.prototype, 'sendEach');
}, 90_000);

afterAll(async () => {
  sendEachSpy?.mockRestore();
  await pushService?.stop();
  await fcm?.stop();
  await database?.drop();
  // The rate-limit counter went to Redis through the product's client.
  (await import('@/lib/redis')).redis().disconnect();
  process.env = savedEnv;
});

beforeEach(() => {
  sendEachSpy.mockClear();
});

const token = () => `fcm-${randomBytes(16).toString('hex')}`;

/** A person of a new company with devices stored in the database, and a push request per device. */
async function personWithDevices(
  devices: { platform: 'ios' | 'android' | 'web'; pushToken?: string | null; pushSubscription?: object | null }[],
  company?: { alertSoundSettings?: object },
) {
  const { id: companyId } = await fixtures.createCompany(database.db);
  if (company?.alertSoundSettings)
    await database.db.company.update({
      where: { id: companyId },
      data: { alertSoundSettings: company.alertSoundSettings },
    });
  const { user } = await fixtures.createMember(database.db, companyId);
  const rows = [];
  for (const [index, device] of devices.entries()) {
    rows.push(
      await database.db.device.create({
        data: {
          userId: user.id,
          name: `${device.platform} ${index}`,
          platform: device.platform,
          pushToken: device.pushToken ?? null,
          pushSubscription: device.pushSubscription ?? undefined,
        },
        select: { id: true, name: true, platform: true, pushToken: true, pushSubscription: true },
      }),
    );
  }
  return { companyId, userId: user.id, devices: rows };
}

function requestsFor(
  person: Awaited<ReturnType<typeof personWithDevices>>,
  type: PushRequest['alert']['type'] = 'alert',
  alertId = randomUUID(),
): PushRequest[] {
  const receiptKey = `${alertId}:${person.userId}:push:main`;
  return person.devices.map((device) => ({
    device,
    alert: {
      alertId,
      companyId: person.companyId,
      userId: person.userId,
      type,
      title: 'Fire drill',
      message: 'Leave the building by the east stairs.',
      receiptKey,
    },
  }));
}

/** Requests for devices that exist only in the request (FCM does not look at the database unless a token is dead). */
function phoneRequests(count: number, companyId: string): PushRequest[] {
  const alertId = randomUUID();
  return Array.from({ length: count }, (_, index) => {
    const userId = randomUUID();
    return {
      device: {
        id: randomUUID(),
        name: `Phone ${index}`,
        platform: index % 2 ? 'ios' : 'android',
        pushToken: token(),
        pushSubscription: null,
      },
      alert: {
        alertId,
        companyId,
        userId,
        type: 'alert',
        title: 'Storm',
        message: 'Stay indoors.',
        receiptKey: `${alertId}:${userId}:push:main`,
      },
    };
  });
}

describe('push through FCM', () => {
  it('sends one message per phone with the collapse id, the data naming the receipt and high priority', async () => {
    const person = await personWithDevices(
      [
        { platform: 'ios', pushToken: token() },
        { platform: 'android', pushToken: token() },
      ],
      { alertSoundSettings: { alarm: 'siren', default: 'chime' } },
    );
    const [iosRequest, androidRequest] = requestsFor(person, 'alarm');
    const { alertId, receiptKey } = iosRequest.alert;

    const results = await sendPush(database.db, [iosRequest, androidRequest]);

    expect(results).toEqual(
      [iosRequest, androidRequest].map(({ device }) => ({
        deliveryKey: `${receiptKey}:${device.id}`,
        deviceId: device.id,
        outcome: 'sent',
        providerId: fcm.accepted(device.pushToken as string)[0].name,
      })),
    );
    expect(fcm.tokensIssued).toBeGreaterThanOrEqual(1);
    const [ios] = fcm.accepted(iosRequest.device.pushToken as string);
    expect(ios.name).toMatch(new RegExp(`^projects/${fcm.projectId}/messages/`));
    expect(ios.message).toEqual({
      token: iosRequest.device.pushToken,
      notification: { title: 'Fire drill', body: 'Leave the building by the east stairs.' },
      data: { alertId, type: 'alarm', receiptKey },
      android: {
        priority: 'high',
        collapse_key: alertId,
        ttl: '86400s',
        notification: { tag: alertId, sound: 'siren', notification_priority: 'PRIORITY_MAX', visibility: 'PUBLIC' },
      },
      apns: {
        headers: { 'apns-priority': '10', 'apns-push-type': 'alert', 'apns-collapse-id': alertId },
        payload: { aps: { sound: { critical: 1, name: 'siren', volume: 1 }, 'interruption-level': 'critical' } },
      },
    });
    expect(fcm.accepted(androidRequest.device.pushToken as string)[0].message).toEqual({
      ...ios.message,
      token: androidRequest.device.pushToken,
    });
    expect(sendEachSpy).toHaveBeenCalledTimes(1);
  });

  it('uses the company default sound and a plain alert level for an ordinary alert', async () => {
    const person = await personWithDevices([{ platform: 'android', pushToken: token() }], {
      alertSoundSettings: { alarm: 'siren', default: 'chime' },
    });
    const [request] = requestsFor(person, 'alert');
    await sendPush(database.db, [request]);
    const [sent] = fcm.accepted(request.device.pushToken as string);
    expect(sent.message.android.notification).toEqual({
      tag: request.alert.alertId,
      sound: 'chime',
      notification_priority: 'PRIORITY_HIGH',
      visibility: 'PUBLIC',
    });
    expect(sent.message.apns.payload.aps).toEqual({ sound: 'chime', 'interruption-level': 'active' });
  });

  it('shortens a long alert text to fit FCM’s 4 KB and Web Push’s 4 KB, ending with an ellipsis', async () => {
    const browser = pushService.subscribe();
    const person = await personWithDevices([
      { platform: 'android', pushToken: token() },
      { platform: 'web', pushSubscription: browser.subscription },
    ]);
    const longText = `${'Evakuer bygningen før brannvesenet kommer. "Ikke" bruk heisen! 🚒\n'.repeat(80)}`.trim();
    const requests = requestsFor(person, 'alarm').map((request) => ({
      ...request,
      alert: { ...request.alert, title: 'Å'.repeat(200), message: longText },
    }));

    const results = await sendPush(database.db, requests);

    expect(results.map((result) => result.outcome)).toEqual(['sent', 'sent']);
    const phoneBody: string = fcm.accepted(requests[0].device.pushToken as string)[0].message.notification.body;
    const browserBody: string = pushService.received.find((push) => push.subscriptionId === browser.id)?.payload.body;
    expect(browserBody).toBe(phoneBody);
    expect(phoneBody.endsWith('…')).toBe(true);
    expect(longText.startsWith(phoneBody.slice(0, -1))).toBe(true);
    expect(phoneBody.length).toBeGreaterThan(1000);
  });

  it('sends 501 phones in two sendEach calls (500 + 1), each token once, results in order', async () => {
    const { id: companyId } = await fixtures.createCompany(database.db);
    const requests = phoneRequests(501, companyId);

    const results = await sendPush(database.db, requests);

    expect(sendEachSpy.mock.calls.map(([messages]) => messages.length)).toEqual([500, 1]);
    expect(results.map((result) => result.deviceId)).toEqual(requests.map((request) => request.device.id));
    expect(results.every((result) => result.outcome === 'sent')).toBe(true);
    for (const request of requests) expect(fcm.requestCount(request.device.pushToken as string)).toBe(1);
  });

  it('fails an UNREGISTERED token for good and removes it from its device; an invalid one fails for good and is kept', async () => {
    const [dead, invalid, fine] = [token(), token(), token()];
    fcm.fail(dead, 'UNREGISTERED');
    fcm.fail(invalid, 'INVALID_ARGUMENT');
    const person = await personWithDevices([
      { platform: 'android', pushToken: dead },
      { platform: 'ios', pushToken: invalid },
      { platform: 'ios', pushToken: fine },
    ]);

    const results = await sendPush(database.db, requestsFor(person));

    expect(
      results.map((result) => (result.outcome === 'failed' ? [result.permanent, result.reason.split(':')[0]] : 'sent')),
    ).toEqual([
      [true, 'FCM messaging/registration-token-not-registered'],
      [true, 'FCM messaging/invalid-argument'],
      'sent',
    ]);
    const stored = await database.db.device.findMany({ where: { userId: person.userId }, orderBy: { name: 'asc' } });
    expect(stored.map((device) => device.pushToken)).toEqual([null, invalid, fine]);
  });

  it('treats unavailable (503, after firebase-admin’s own retries), internal (500) and quota (429) as temporary', async () => {
    const [unavailable, internal, quota] = [token(), token(), token()];
    fcm.fail(unavailable, 'UNAVAILABLE');
    fcm.fail(internal, 'INTERNAL');
    fcm.fail(quota, 'QUOTA_EXCEEDED');
    const person = await personWithDevices([
      { platform: 'android', pushToken: unavailable },
      { platform: 'android', pushToken: internal },
      { platform: 'ios', pushToken: quota },
    ]);

    const { readSharedCounters } = await import('@/lib/metrics/shared-counters');
    const fcmRateLimited = async () =>
      (await readSharedCounters()).find(
        (value) => value.counter === 'providerRateLimited' && value.labels.provider === 'fcm',
      )?.value ?? 0;
    const rateLimitedBefore = await fcmRateLimited();

    const results = await sendPush(database.db, requestsFor(person));

    // The 429 is counted for the operator's metrics (tocsin_provider_rate_limited_total{provider="fcm"}).
    expect((await fcmRateLimited()) - rateLimitedBefore).toBe(1);
    expect(
      results.map((result) => result.outcome === 'failed' && !result.permanent && result.reason.split(':')[0]),
    ).toEqual([
      'FCM messaging/server-unavailable',
      'FCM messaging/internal-error',
      'FCM messaging/message-rate-exceeded',
    ]);
    // firebase-admin retries a 503 four times with backoff; other answers are final.
    expect([unavailable, internal, quota].map((t) => fcm.requestCount(t))).toEqual([5, 1, 1]);
    const stored = await database.db.device.findMany({ where: { userId: person.userId } });
    expect(stored.every((device) => device.pushToken !== null)).toBe(true);
  }, 30_000);

  it('fails a device without a token for good without asking FCM', async () => {
    const person = await personWithDevices([
      { platform: 'ios', pushToken: null },
      { platform: 'web', pushSubscription: null },
    ]);
    const results = await sendPush(database.db, requestsFor(person));
    expect(results.map((result) => result.outcome === 'failed' && [result.permanent, result.reason])).toEqual([
      [true, 'noPushToken'],
      [true, 'noPushToken'],
    ]);
    expect(sendEachSpy).not.toHaveBeenCalled();
  });

  it('reports how long 5,000 phones take against the fake', async () => {
    const { id: companyId } = await fixtures.createCompany(database.db);
    const requests = phoneRequests(5000, companyId);
    const before = fcm.requests.length;
    const started = performance.now();
    const results = await sendPush(database.db, requests);
    const seconds = (performance.now() - started) / 1000;
    expect(results.filter((result) => result.outcome === 'sent')).toHaveLength(5000);
    expect(fcm.requests.length - before).toBe(5000);
    console.log(
      `sendPush: 5,000 phones through FCM (fake on loopback) in ${seconds.toFixed(2)} s (${Math.round(5000 / seconds)} per second)`,
    );
  }, 120_000);
});

describe('push through Web Push', () => {
  it('delivers an encrypted, VAPID-signed push the browser can read, with the alert as topic and tag', async () => {
    const browser = pushService.subscribe();
    const person = await personWithDevices([{ platform: 'web', pushSubscription: browser.subscription }]);
    const [request] = requestsFor(person, 'sos');
    const { alertId, receiptKey } = request.alert;

    const [result] = await sendPush(database.db, [request]);

    expect(result).toEqual({
      deliveryKey: `${receiptKey}:${request.device.id}`,
      deviceId: request.device.id,
      outcome: 'sent',
      providerId: expect.stringMatching(new RegExp(`^${pushService.origin}/message/\\d+$`)),
      providerStatus: '201',
    });
    const received = pushService.received.filter((push) => push.subscriptionId === browser.id);
    expect(received).toHaveLength(1);
    expect(received[0].payload).toEqual({
      title: 'Fire drill',
      body: 'Leave the building by the east stairs.',
      tag: alertId,
      requireInteraction: true,
      data: { alertId, type: 'sos', receiptKey, companyId: request.alert.companyId },
    });
    // An SOS is critical: a short TTL (an alarm an hour late misleads).
    expect(received[0].headers).toEqual({
      ttl: '600',
      urgency: 'high',
      topic: alertId.replaceAll('-', ''),
      contentEncoding: 'aes128gcm',
    });
    expect(received[0].vapid).toMatchObject({ aud: pushService.origin, sub: SUBJECT });
  });

  it('fails a subscription that is gone (410) for good and removes it; a 503 is temporary and keeps it', async () => {
    const gone = pushService.subscribe();
    const busy = pushService.subscribe();
    pushService.expire(gone.id);
    pushService.failNext(busy.id, 503);
    const person = await personWithDevices([
      { platform: 'web', pushSubscription: gone.subscription },
      { platform: 'web', pushSubscription: busy.subscription },
    ]);

    const results = await sendPush(database.db, requestsFor(person));

    expect(
      results.map((result) => result.outcome === 'failed' && [result.permanent, result.reason.split(':')[0]]),
    ).toEqual([
      [true, 'Web Push 410'],
      [false, 'Web Push 503'],
    ]);
    const stored = await database.db.device.findMany({ where: { userId: person.userId }, orderBy: { name: 'asc' } });
    expect(stored.map((device) => device.pushSubscription)).toEqual([null, busy.subscription]);
    expect(pushService.requestCount(gone.id)).toBe(1);
  });
});

describe('push without providers (outbox)', () => {
  it('records one outbox row per alert and device, also when the same pushes are sent twice', async () => {
    const person = await personWithDevices([
      { platform: 'ios', pushToken: token() },
      { platform: 'web', pushSubscription: pushService.subscribe().subscription },
    ]);
    const requests = requestsFor(person, 'urgentAlert');
    const before = fcm.requests.length;

    let outboxSendPush: SendPush | undefined;
    await jest.isolateModulesAsync(async () => {
      for (const name of Object.keys(pushEnv)) delete process.env[name];
      try {
        outboxSendPush = (await import('@/lib/providers/push/send-push')).sendPush;
      } finally {
        Object.assign(process.env, pushEnv);
      }
    });
    const first = await outboxSendPush!(database.db, requests);
    const second = await outboxSendPush!(database.db, requests);

    const rows = await database.db.outboundMessage.findMany({
      where: { alertId: requests[0].alert.alertId },
      orderBy: { recipient: 'asc' },
    });
    expect(rows).toHaveLength(2);
    expect(first).toEqual(second);
    expect(first).toEqual(
      requests.map(({ device, alert }) => ({
        deliveryKey: `${alert.receiptKey}:${device.id}`,
        deviceId: device.id,
        outcome: 'sent',
        providerId: `outbox:${rows.find((row) => row.deliveryKey === `${alert.receiptKey}:${device.id}`)?.id}`,
      })),
    );
    expect(
      rows.map(({ channel, recipient, body, companyId, status, payload }) => ({
        channel,
        recipient,
        body,
        companyId,
        status,
        payload,
      })),
    ).toEqual(
      requests.map(({ device, alert }) => ({
        channel: 'push',
        recipient: device.name,
        body: 'Fire drill\nLeave the building by the east stairs.',
        companyId: person.companyId,
        status: 'sent',
        payload: { alertId: alert.alertId, userId: person.userId, deviceId: device.id, platform: device.platform },
      })),
    );
    expect(fcm.requests.length).toBe(before);
  });
});

describe('positioning requests', () => {
  it('go as data pushes: FCM data only (high priority, an iOS background push), Web Push data for the service worker', async () => {
    const browser = pushService.subscribe();
    const person = await personWithDevices([
      { platform: 'android', pushToken: token() },
      { platform: 'web', pushSubscription: browser.subscription },
    ]);
    const positioning = {
      positioningId: randomUUID(),
      companyId: person.companyId,
      userId: person.userId,
      reason: 'Fire in hall B',
      askedBy: 'Ada Admin',
      answerBy: '2026-11-27T10:01:00.000Z',
    };
    const data = {
      type: 'positioningRequest',
      positioningId: positioning.positioningId,
      reason: 'Fire in hall B',
      askedBy: 'Ada Admin',
      answerBy: positioning.answerBy,
    };
    const [phone, web] = person.devices;
    const results = await sendPush(database.db, [
      { device: phone, positioning },
      { device: web, positioning },
    ]);
    expect(results.map((result) => [result.deliveryKey, result.outcome])).toEqual([
      [`positioning-${positioning.positioningId}:${phone.id}`, 'sent'],
      [`positioning-${positioning.positioningId}:${web.id}`, 'sent'],
    ]);
    const [sent] = fcm.accepted(phone.pushToken as string);
    expect(sent.message).toEqual({
      token: phone.pushToken,
      data,
      android: { priority: 'high', ttl: '300s' },
      apns: {
        headers: { 'apns-priority': '5', 'apns-push-type': 'background' },
        payload: { aps: { 'content-available': 1 } },
      },
    });
    const received = pushService.received.filter((push) => push.subscriptionId === browser.id);
    expect(received).toHaveLength(1);
    expect(received[0].payload).toEqual({ data });
    expect(received[0].headers).toMatchObject({
      ttl: '300',
      urgency: 'high',
      topic: positioning.positioningId.replaceAll('-', ''),
    });
  });
});
