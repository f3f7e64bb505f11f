import { describe, it, expect } from '@jest/globals';
import webpush from 'web-push';
import { createSession } from '@/lib/auth/create-session';
import { createAccount } from '../helpers/accounts';
import { useApiTestContext } from '../helpers/api-test-context';
import { createCompany, createMember } from '../helpers/fixtures';

const phone = { name: 'Kari’s iPhone', platform: 'ios', pushToken: 'fcm-token-1', appVersion: '3.1.0' };

describe('device API (DESIGN §7)', () => {
  const api = useApiTestContext();

  it('registers a phone, lists it without the token, updates and removes it', async () => {
    const company = await createCompany(api.db);
    const person = await createMember(api.db, company.id);
    const created = await api.call('POST', '/api/devices', { token: person.token, body: phone });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      deviceId: expect.any(String),
      name: phone.name,
      platform: 'ios',
      appVersion: '3.1.0',
      hasPush: true,
      lastSeenAt: expect.any(String),
      createdAt: expect.any(String),
    });
    const listed = await api.call('GET', '/api/devices', { token: person.token });
    expect(listed.body).toEqual({ devices: [created.body] });
    expect(JSON.stringify(listed.body)).not.toContain('fcm-token-1');

    const path = `/api/devices/${created.body.deviceId}`;
    const updated = await api.call('PUT', path, {
      token: person.token,
      body: { ...phone, pushToken: 'fcm-token-2', appVersion: '3.2.0' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.appVersion).toBe('3.2.0');
    expect((await api.db.device.findUniqueOrThrow({ where: { id: created.body.deviceId } })).pushToken).toBe(
      'fcm-token-2',
    );

    expect((await api.call('DELETE', path, { token: person.token })).status).toBe(200);
    expect((await api.call('GET', '/api/devices', { token: person.token })).body).toEqual({ devices: [] });
  });

  it('registering a known push token again updates that device, also when the phone changed hands', async () => {
    const company = await createCompany(api.db);
    const first = await createMember(api.db, company.id);
    const second = await createMember(api.db, company.id);
    const body = { ...phone, pushToken: 'fcm-shared-token' };
    const a = await api.call('POST', '/api/devices', { token: first.token, body });
    const again = await api.call('POST', '/api/devices', {
      token: first.token,
      body: { ...body, appVersion: '3.3.0' },
    });
    expect(again.body.deviceId).toBe(a.body.deviceId);
    const moved = await api.call('POST', '/api/devices', { token: second.token, body });
    expect(moved.body.deviceId).toBe(a.body.deviceId);
    expect(await api.db.device.count({ where: { pushToken: 'fcm-shared-token' } })).toBe(1);
    expect((await api.call('GET', '/api/devices', { token: first.token })).body.devices).toEqual([]);
  });

  it('recognises a browser by its Web Push endpoint', async () => {
    const company = await createCompany(api.db);
    const person = await createMember(api.db, company.id);
    const browser = {
      name: 'Firefox',
      platform: 'web',
      pushSubscription: { endpoint: 'https://push.example.test/abc', keys: { p256dh: 'key', auth: 'secret' } },
    };
    const a = await api.call('POST', '/api/devices', { token: person.token, body: browser });
    const b = await api.call('POST', '/api/devices', {
      token: person.token,
      body: { ...browser, name: 'Firefox 140' },
    });
    expect(b.body.deviceId).toBe(a.body.deviceId);
    expect(b.body.name).toBe('Firefox 140');
  });

  it('records positions: the newest is the last known position', async () => {
    const company = await createCompany(api.db);
    const person = await createMember(api.db, company.id);
    const device = await api.call('POST', '/api/devices', {
      token: person.token,
      body: { ...phone, pushToken: 'fcm-pos' },
    });
    const path = `/api/devices/${device.body.deviceId}/positions`;
    const first = await api.call('POST', path, { token: person.token, body: { lat: 59.91, lng: 10.75, accuracy: 12 } });
    expect(first.status).toBe(201);
    await api.call('POST', path, { token: person.token, body: { lat: 60.39, lng: 5.32 } });
    const newest = await api.db.position.findFirstOrThrow({
      where: { userId: person.user.id },
      orderBy: { recordedAt: 'desc' },
    });
    expect([newest.lat, newest.lng, newest.source]).toEqual([60.39, 5.32, 'app']);
  });

  it.each([
    [{ ...phone, name: ' ' }, 'name is required'],
    [{ ...phone, platform: 'symbian' }, 'platform is not valid'],
    [{ platform: 'ios' }, 'name is required'],
    [
      { name: 'Web', platform: 'web', pushSubscription: { endpoint: 'not a url', keys: { p256dh: 'k', auth: 'a' } } },
      'pushSubscription.endpoint is not valid',
    ],
  ])('answers 400 for %j', async (body, message) => {
    const company = await createCompany(api.db);
    const person = await createMember(api.db, company.id);
    const response = await api.call('POST', '/api/devices', { token: person.token, body });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([message]);
  });

  it('answers 400 for a position off the globe', async () => {
    const company = await createCompany(api.db);
    const person = await createMember(api.db, company.id);
    const device = await api.call('POST', '/api/devices', {
      token: person.token,
      body: { ...phone, pushToken: 'fcm-globe' },
    });
    const response = await api.call('POST', `/api/devices/${device.body.deviceId}/positions`, {
      token: person.token,
      body: { lat: 91, lng: 0 },
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual(['lat is not valid']);
  });

  it("never touches another person's device, and needs a session", async () => {
    const company = await createCompany(api.db);
    const owner = await createMember(api.db, company.id);
    const other = await createMember(api.db, company.id);
    const device = await api.call('POST', '/api/devices', {
      token: owner.token,
      body: { ...phone, pushToken: 'fcm-private' },
    });
    const path = `/api/devices/${device.body.deviceId}`;
    expect((await api.call('PUT', path, { token: other.token, body: phone })).status).toBe(404);
    expect((await api.call('DELETE', path, { token: other.token })).status).toBe(404);
    expect((await api.call('POST', `${path}/positions`, { token: other.token, body: { lat: 1, lng: 1 } })).status).toBe(
      404,
    );
    expect((await api.call('GET', '/api/devices')).status).toBe(401);
    expect((await api.call('POST', '/api/devices', { body: phone })).status).toBe(401);
    expect((await api.call('DELETE', path)).status).toBe(401);
    expect(await api.db.device.count({ where: { id: device.body.deviceId } })).toBe(1);
  });

  it('gives browsers no Web Push key where Web Push is not configured; needs a session; only GET', async () => {
    const company = await createCompany(api.db);
    const person = await createMember(api.db, company.id);
    const answer = await api.call('GET', '/api/devices/webPush', { token: person.token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ publicKey: null });
    expect((await api.call('GET', '/api/devices/webPush')).status).toBe(401);
    expect((await api.call('POST', '/api/devices/webPush', { token: person.token, body: {} })).status).toBe(405);
  });
});

describe('the Web Push key, with VAPID configured', () => {
  const vapid = webpush.generateVAPIDKeys();
  const api = useApiTestContext({
    WEB_PUSH_VAPID_PUBLIC_KEY: vapid.publicKey,
    WEB_PUSH_VAPID_PRIVATE_KEY: vapid.privateKey,
    WEB_PUSH_SUBJECT: 'mailto:ops@tocsin.test',
  });

  it('is the public key, given to a signed-in person before any company, never the private key', async () => {
    const user = await createAccount(api.db);
    const { token } = await createSession(api.db, { userId: user.id, extended: false, now: new Date() });
    const answer = await api.call('GET', '/api/devices/webPush', { token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ publicKey: vapid.publicKey });
    expect(JSON.stringify(answer.body)).not.toContain(vapid.privateKey);
    expect((await api.call('GET', '/api/devices/webPush')).status).toBe(401);
  });
});
