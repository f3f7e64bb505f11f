import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import webpush from 'web-push';
import { readWebPushPayload } from '@/lib/providers/push/web-push-payload';
import { useApiTestContext, type ApiTestContext } from '../helpers/api-test-context';
import { startFakeFcm, type FakeFcm } from '../helpers/fake-fcm';
import { startFakeWebPush, type FakeWebPush } from '../helpers/fake-web-push';
import { createCompany, createMember } from '../helpers/fixtures';

// "Test my alerts" (issue 33): POST /api/devices/{id}/test pushes through the real drivers — Web Push to a local push
// service that checks VAPID and decrypts (the server trusts its certificate through NODE_EXTRA_CA_CERTS), FCM to its
// fake — and POST .../test/{testId}/received records that the device got it; the admins' member list shows the last
// test received and a push lost (404/410 or UNREGISTERED).

const vapid = webpush.generateVAPIDKeys();
let pushService: FakeWebPush;
let fcm: FakeFcm;
const certificateFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tocsin-test-push-')), 'push-service.pem');

beforeAll(async () => {
  pushService = await startFakeWebPush(vapid.publicKey);
  fcm = await startFakeFcm();
  fs.writeFileSync(certificateFile, pushService.certificate);
});
afterAll(async () => {
  await pushService?.stop();
  await fcm?.stop();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function companyWithPerson(api: ApiTestContext) {
  const company = await createCompany(api.db);
  const admin = await createMember(api.db, company.id, 'admin');
  const person = await createMember(api.db, company.id);
  return { company, admin, person };
}

async function memberRow(api: ApiTestContext, adminToken: string, userId: string) {
  const list = await api.call('GET', '/api/users', { token: adminToken });
  expect(list.status).toBe(200);
  return list.body.users.find((user: { userId: string }) => user.userId === userId);
}

const withoutApp = async (api: ApiTestContext, adminToken: string) =>
  (await api.call('GET', '/api/dash/data', { token: adminToken })).body.usersWithoutDevices;

/** The last test is older than the 10 s between tests, so the next test goes (the server's clock is not ours). */
const allowNextTest = (api: ApiTestContext, deviceId: string) =>
  api.db.device.update({ where: { id: deviceId }, data: { lastTestSentAt: new Date(Date.now() - 11_000) } });

describe('test pushes through the real drivers', () => {
  const api = useApiTestContext(() => ({
    WEB_PUSH_VAPID_PUBLIC_KEY: vapid.publicKey,
    WEB_PUSH_VAPID_PRIVATE_KEY: vapid.privateKey,
    WEB_PUSH_SUBJECT: 'mailto:ops@tocsin.test',
    NODE_EXTRA_CA_CERTS: certificateFile,
    FCM_SERVICE_ACCOUNT: fcm.serviceAccountFile,
    FCM_API_URL: fcm.url,
  }));

  async function browser(token: string) {
    const { id, subscription } = pushService.subscribe();
    const created = await api.call('POST', '/api/devices', {
      token,
      body: { name: 'Chromium', platform: 'web', pushSubscription: subscription },
    });
    expect(created.status).toBe(201);
    return { subscriptionId: id, deviceId: created.body.deviceId as string };
  }

  it('pushes a test to a browser (high urgency, 60 s TTL) and records when the service worker got it', async () => {
    const { admin, person } = await companyWithPerson(api);
    const { subscriptionId, deviceId } = await browser(person.token);

    const sent = await api.call('POST', `/api/devices/${deviceId}/test`, { token: person.token });
    expect(sent.status).toBe(201);
    expect(sent.body).toEqual({ testId: expect.stringMatching(UUID), outcome: 'sent', reason: null });
    const { testId } = sent.body;
    const pushes = pushService.received.filter((push) => push.subscriptionId === subscriptionId);
    expect(pushes).toHaveLength(1);
    expect(pushes[0].payload).toEqual({
      title: expect.any(String),
      body: expect.any(String),
      tag: 'tocsin-test',
      data: { type: 'test', testId },
    });
    expect(readWebPushPayload(JSON.stringify(pushes[0].payload))).toEqual(pushes[0].payload);
    expect(pushes[0].headers).toMatchObject({ urgency: 'high', ttl: '60', topic: 'tocsin-test' });
    expect(await memberRow(api, admin.token, person.user.id)).toMatchObject({
      hasApp: true,
      lastTestReceivedAt: null,
      pushLost: false,
    });

    const received = await api.call('POST', `/api/devices/${deviceId}/test/${testId}/received`, {
      token: person.token,
    });
    expect(received.status).toBe(200);
    expect(received.body).toEqual({ receivedAt: expect.any(String) });
    const device = await api.db.device.findUniqueOrThrow({ where: { id: deviceId } });
    expect(device.lastTestReceivedAt?.toISOString()).toBe(received.body.receivedAt);
    expect(device.lastTestReceivedAt!.getTime()).toBeGreaterThanOrEqual(device.lastTestSentAt!.getTime());
    expect(await memberRow(api, admin.token, person.user.id)).toMatchObject({
      lastTestReceivedAt: received.body.receivedAt,
      pushLost: false,
    });
    // A second confirmation of the same test keeps the first time.
    const again = await api.call('POST', `/api/devices/${deviceId}/test/${testId}/received`, { token: person.token });
    expect(again.body).toEqual(received.body);

    const unknown = await api.call('POST', `/api/devices/${deviceId}/test/${randomUUID()}/received`, {
      token: person.token,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors).toEqual(['The test was not found']);
  });

  it('shows the newest test received over the person’s devices; only the device’s latest test can be confirmed', async () => {
    const { admin, person } = await companyWithPerson(api);
    const first = await browser(person.token);
    const second = await browser(person.token);
    const test = async (deviceId: string) =>
      (await api.call('POST', `/api/devices/${deviceId}/test`, { token: person.token })).body.testId as string;
    const confirm = (deviceId: string, testId: string) =>
      api.call('POST', `/api/devices/${deviceId}/test/${testId}/received`, { token: person.token });

    const early = await test(first.deviceId);
    await allowNextTest(api, first.deviceId);
    const latest = await test(first.deviceId);
    expect((await confirm(first.deviceId, early)).status).toBe(404);
    const firstReceived = (await confirm(first.deviceId, latest)).body.receivedAt;
    // Another device's test id does not confirm this device.
    const other = await test(second.deviceId);
    expect((await confirm(first.deviceId, other)).status).toBe(404);
    const secondReceived = (await confirm(second.deviceId, other)).body.receivedAt;
    expect(secondReceived >= firstReceived).toBe(true);
    expect((await memberRow(api, admin.token, person.user.id)).lastTestReceivedAt).toBe(secondReceived);
  });

  it('allows one test per device every 10 seconds (429 with the seconds to wait)', async () => {
    const { person } = await companyWithPerson(api);
    const { subscriptionId, deviceId } = await browser(person.token);
    const other = await browser(person.token);
    expect((await api.call('POST', `/api/devices/${deviceId}/test`, { token: person.token })).status).toBe(201);

    const tooSoon = await api.call('POST', `/api/devices/${deviceId}/test`, { token: person.token });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body).toMatchObject({
      errors: [expect.stringMatching(/^A test was sent to this device less than 10 seconds ago\. Wait \d+ second/)],
      code: 'testTooSoon',
      secondsRemaining: expect.any(Number),
    });
    expect(Number(tooSoon.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(tooSoon.headers.get('retry-after'))).toBeLessThanOrEqual(10);
    expect(pushService.requestCount(subscriptionId)).toBe(1);
    // Per device: the person's other device can be tested meanwhile.
    expect((await api.call('POST', `/api/devices/${other.deviceId}/test`, { token: person.token })).status).toBe(201);

    await allowNextTest(api, deviceId);
    expect((await api.call('POST', `/api/devices/${deviceId}/test`, { token: person.token })).status).toBe(201);
    expect(pushService.requestCount(subscriptionId)).toBe(2);
  });

  it('fails a device without a subscription with the driver’s reason', async () => {
    const { person } = await companyWithPerson(api);
    const created = await api.call('POST', '/api/devices', {
      token: person.token,
      body: { name: 'Old', platform: 'web' },
    });
    const answer = await api.call('POST', `/api/devices/${created.body.deviceId}/test`, { token: person.token });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ testId: expect.stringMatching(UUID), outcome: 'failed', reason: 'noPushToken' });
  });

  it('marks a subscription the push service says is gone (410) as lost until the browser subscribes again', async () => {
    const { admin, person } = await companyWithPerson(api);
    const { subscriptionId, deviceId } = await browser(person.token);
    const before = await withoutApp(api, admin.token);
    pushService.expire(subscriptionId);

    const answer = await api.call('POST', `/api/devices/${deviceId}/test`, { token: person.token });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      testId: expect.stringMatching(UUID),
      outcome: 'failed',
      reason: expect.stringMatching(/^Web Push 410/),
    });
    const device = await api.db.device.findUniqueOrThrow({ where: { id: deviceId } });
    expect(device.pushSubscription).toBeNull();
    expect(device.pushLostAt).toBeInstanceOf(Date);
    expect(await memberRow(api, admin.token, person.user.id)).toMatchObject({ hasApp: false, pushLost: true });
    expect(await withoutApp(api, admin.token)).toBe(before + 1);
    const listed = await api.call('GET', '/api/devices', { token: person.token });
    expect(listed.body.devices).toEqual([expect.objectContaining({ deviceId, hasPush: false })]);

    const renewed = pushService.subscribe();
    const put = await api.call('PUT', `/api/devices/${deviceId}`, {
      token: person.token,
      body: { name: 'Chromium', platform: 'web', pushSubscription: renewed.subscription },
    });
    expect(put.status).toBe(200);
    expect((await api.db.device.findUniqueOrThrow({ where: { id: deviceId } })).pushLostAt).toBeNull();
    expect(await memberRow(api, admin.token, person.user.id)).toMatchObject({ hasApp: true, pushLost: false });
    expect(await withoutApp(api, admin.token)).toBe(before);
  });

  it('a push lost on one device is no "push lost" while another device still receives', async () => {
    const { admin, person } = await companyWithPerson(api);
    const gone = await browser(person.token);
    await browser(person.token);
    pushService.expire(gone.subscriptionId);
    await api.call('POST', `/api/devices/${gone.deviceId}/test`, { token: person.token });
    expect((await api.db.device.findUniqueOrThrow({ where: { id: gone.deviceId } })).pushLostAt).toBeInstanceOf(Date);
    expect(await memberRow(api, admin.token, person.user.id)).toMatchObject({ hasApp: true, pushLost: false });
  });

  it('pushes a test to a phone through FCM at high priority; a token FCM no longer knows is lost until renewed', async () => {
    const { admin, person } = await companyWithPerson(api);
    const token = `fcm-${randomUUID()}`;
    const created = await api.call('POST', '/api/devices', {
      token: person.token,
      body: { name: 'Pixel', platform: 'android', pushToken: token },
    });
    const deviceId = created.body.deviceId;

    const sent = await api.call('POST', `/api/devices/${deviceId}/test`, { token: person.token });
    expect(sent.body).toEqual({ testId: expect.stringMatching(UUID), outcome: 'sent', reason: null });
    const [message] = fcm.accepted(token).map((request) => request.message);
    expect(message).toMatchObject({
      token,
      notification: { title: expect.any(String), body: expect.any(String) },
      data: { type: 'test', testId: sent.body.testId },
      android: { priority: 'high', ttl: '60s', collapse_key: 'tocsin-test' },
      apns: { headers: { 'apns-priority': '10', 'apns-push-type': 'alert' } },
    });
    const expiration = Number(message.apns.headers['apns-expiration']);
    expect(Math.abs(expiration - (Date.now() / 1000 + 60))).toBeLessThan(30);

    fcm.fail(token, 'UNREGISTERED');
    await allowNextTest(api, deviceId);
    const failed = await api.call('POST', `/api/devices/${deviceId}/test`, { token: person.token });
    expect(failed.body).toMatchObject({ outcome: 'failed', reason: expect.stringContaining('not-registered') });
    const device = await api.db.device.findUniqueOrThrow({ where: { id: deviceId } });
    expect(device).toMatchObject({ pushToken: null, pushLostAt: expect.any(Date) });
    expect(await memberRow(api, admin.token, person.user.id)).toMatchObject({ hasApp: false, pushLost: true });

    await api.call('PUT', `/api/devices/${deviceId}`, {
      token: person.token,
      body: { name: 'Pixel', platform: 'android', pushToken: `fcm-${randomUUID()}` },
    });
    expect(await memberRow(api, admin.token, person.user.id)).toMatchObject({ hasApp: true, pushLost: false });
  });

  it("answers 404 for another person's device, 401 without a session, 400 for ids that are not ids", async () => {
    const { person } = await companyWithPerson(api);
    const stranger = await createMember(api.db, (await createCompany(api.db)).id);
    const { subscriptionId, deviceId } = await browser(person.token);
    const own = await api.call('POST', `/api/devices/${deviceId}/test`, { token: person.token });

    const theirs = await api.call('POST', `/api/devices/${deviceId}/test`, { token: stranger.token });
    expect(theirs.status).toBe(404);
    expect(theirs.body.errors).toEqual(['The device was not found']);
    const received = `/api/devices/${deviceId}/test/${own.body.testId}/received`;
    expect((await api.call('POST', received, { token: stranger.token })).status).toBe(404);
    expect((await api.db.device.findUniqueOrThrow({ where: { id: deviceId } })).lastTestReceivedAt).toBeNull();
    expect(pushService.requestCount(subscriptionId)).toBe(1);

    expect((await api.call('POST', `/api/devices/${deviceId}/test`)).status).toBe(401);
    expect((await api.call('POST', received)).status).toBe(401);

    const badDevice = await api.call('POST', '/api/devices/nope/test', { token: person.token });
    expect(badDevice.status).toBe(400);
    expect(badDevice.body.errors).toEqual(['id is not valid']);
    const badTest = await api.call('POST', `/api/devices/${deviceId}/test/nope/received`, { token: person.token });
    expect(badTest.status).toBe(400);
    expect(badTest.body.errors).toEqual(['testId is not valid']);
    expect((await api.call('GET', `/api/devices/${deviceId}/test`, { token: person.token })).status).toBe(405);
  });
});

describe('test pushes where no push provider is configured', () => {
  const api = useApiTestContext();

  it('records the test in the outbox and says that it was not sent', async () => {
    const { company, person } = await companyWithPerson(api);
    const created = await api.call('POST', '/api/devices', {
      token: person.token,
      body: { name: 'iPhone', platform: 'ios', pushToken: `fcm-${randomUUID()}` },
    });
    const deviceId = created.body.deviceId;
    const answer = await api.call('POST', `/api/devices/${deviceId}/test`, { token: person.token });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      testId: expect.stringMatching(UUID),
      outcome: 'failed',
      reason: 'pushNotConfigured',
    });
    const recorded = await api.db.outboundMessage.findUniqueOrThrow({
      where: { deliveryKey: `test-${answer.body.testId}:${deviceId}` },
    });
    expect(recorded).toMatchObject({
      companyId: company.id,
      channel: 'push',
      recipient: 'iPhone',
      alertId: null,
      payload: { type: 'test', testId: answer.body.testId, userId: person.user.id, deviceId, platform: 'ios' },
    });
  });
});
