import { describe, it, expect, afterAll } from '@jest/globals';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import webPush from 'web-push';
import { recordAlertMessages } from '@/lib/providers/outbox/record-alert-messages';
import { insertAlert } from '../helpers/alert-fixtures';
import { useApiTestContext } from '../helpers/api-test-context';
import { createCompany, createMember } from '../helpers/fixtures';

// No Twilio, SMTP, FCM or Web Push settings here: every channel goes to the outbox, and the page lists what it recorded.
describe('GET /api/outbox', () => {
  const api = useApiTestContext();

  /** A company whose admin sent an app reminder (a real e-mail and SMS) and an alert whose push the outbox recorded. */
  async function arrange() {
    const company = await createCompany(api.db);
    const admin = await createMember(api.db, company.id, 'admin', 'Ada Admin');
    const kari = await createMember(api.db, company.id, 'user', 'Kari Nordmann');
    const reminder = await api.call('POST', '/api/users/app-download-reminder', {
      token: admin.token,
      body: { userIds: [kari.user.id] },
    });
    expect(reminder.status).toBe(200);
    const alert = await insertAlert(api.db, {
      companyId: company.id,
      authorId: admin.user.id,
      title: 'Gas leak',
      message: 'Leave building B now',
    });
    const pushKey = `${alert.id}:${kari.user.id}:push:main:device-1`;
    await recordAlertMessages(api.db, [
      {
        deliveryKey: pushKey,
        alertId: alert.id,
        companyId: company.id,
        channel: 'push',
        recipient: 'Kari phone',
        subject: 'Gas leak',
        body: 'Leave building B now',
      },
    ]);
    return { company, admin, kari, alert };
  }

  it('lists the company’s recorded messages newest first with their alert, and says every channel goes to the outbox', async () => {
    const { company, admin, kari, alert } = await arrange();
    const response = await api.call('GET', '/api/outbox', { token: admin.token, customerId: company.id });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ page: 1, pageSize: 50, total: 3 });
    expect(response.body.drivers).toEqual({
      sms: 'outbox',
      voice: 'outbox',
      push: 'outbox',
      web: 'outbox',
      email: 'outbox',
    });
    const [push, ...reminder] = response.body.items;
    expect(push).toEqual({
      id: expect.any(String),
      channel: 'push',
      recipient: 'Kari phone',
      subject: 'Gas leak',
      body: 'Leave building B now',
      status: 'sent',
      alertId: alert.id,
      companyName: company.name,
      createdAt: expect.any(String),
    });
    expect(
      reminder
        .map((item: { channel: string; recipient: string; alertId: string | null }) => [
          item.channel,
          item.recipient,
          item.alertId,
        ])
        .sort(),
    ).toEqual([
      ['email', kari.user.email, null],
      ['sms', kari.user.phone, null],
    ]);
    const times = response.body.items.map((item: { createdAt: string }) => Date.parse(item.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const pushOnly = await api.call('GET', '/api/outbox?channel=push', { token: admin.token });
    expect(pushOnly.body.total).toBe(1);
    expect(pushOnly.body.items.map((item: { id: string }) => item.id)).toEqual([push.id]);
    const voice = await api.call('GET', '/api/outbox?channel=voice', { token: admin.token });
    expect(voice.body).toMatchObject({ items: [], total: 0 });
  });

  it('pages 50 at a time, newest first', async () => {
    const company = await createCompany(api.db);
    const owner = await createMember(api.db, company.id, 'owner');
    const start = Date.parse('2026-11-01T08:00:00Z');
    await api.db.outboundMessage.createMany({
      data: Array.from({ length: 53 }, (_, n) => ({
        companyId: company.id,
        channel: 'sms' as const,
        recipient: '+4790000000',
        body: `Message ${n}`,
        createdAt: new Date(start + n * 60_000),
      })),
    });
    const first = await api.call('GET', '/api/outbox', { token: owner.token });
    expect(first.body).toMatchObject({ page: 1, pageSize: 50, total: 53 });
    expect(first.body.items).toHaveLength(50);
    expect(first.body.items[0]).toMatchObject({
      body: 'Message 52',
      createdAt: new Date(start + 52 * 60_000).toISOString(),
    });
    const second = await api.call('GET', '/api/outbox?page=2&channel=sms', { token: owner.token });
    expect(second.body).toMatchObject({ page: 2, total: 53 });
    expect(second.body.items.map((item: { body: string }) => item.body)).toEqual([
      'Message 2',
      'Message 1',
      'Message 0',
    ]);
  });

  it('counts up to 10,000 and then says there are more (totalCapped), also per channel', async () => {
    const company = await createCompany(api.db);
    const owner = await createMember(api.db, company.id, 'owner');
    const other = await createCompany(api.db);
    const addSms = (companyId: string, count: number) => api.db.$executeRaw`
      INSERT INTO "OutboundMessage" (id, "companyId", channel, recipient, body, "createdAt")
      SELECT gen_random_uuid(), ${companyId}::uuid, 'sms', '+4790000000', 'Bulk ' || g, now() - interval '1 second' * g
      FROM generate_series(1, ${count}::int) g`;
    await addSms(company.id, 9_999);
    await addSms(other.id, 2);
    await api.db.outboundMessage.create({
      data: { companyId: company.id, channel: 'email', recipient: 'a@example.test', body: 'Mail' },
    });
    const page = (query = '') => api.call('GET', `/api/outbox?${query}`, { token: owner.token });
    expect((await page()).body).toMatchObject({ total: 10_000, totalCapped: false });

    await addSms(company.id, 2);
    expect((await page()).body).toMatchObject({ page: 1, total: 10_000, totalCapped: true });
    expect((await page('channel=sms')).body).toMatchObject({ total: 10_000, totalCapped: true });
    expect((await page('channel=email')).body).toMatchObject({ total: 1, totalCapped: false });
    const beyond = await page('page=201');
    expect(beyond.body).toMatchObject({ page: 201, total: 10_000, totalCapped: true });
    expect(beyond.body.items).toHaveLength(2);
  });

  it('answers 400 for an unknown channel or page', async () => {
    const { admin } = await arrange();
    const channel = await api.call('GET', '/api/outbox?channel=fax', { token: admin.token });
    expect(channel.status).toBe(400);
    expect(channel.body.errors).toEqual(['channel is not valid']);
    expect((await api.call('GET', '/api/outbox?page=0', { token: admin.token })).status).toBe(400);
    expect((await api.call('GET', '/api/outbox?page=two', { token: admin.token })).status).toBe(400);
  });

  it('is for admins only', async () => {
    const { company, kari } = await arrange();
    const teamAdmin = await createMember(api.db, company.id, 'teamadmin');
    expect((await api.call('GET', '/api/outbox', { token: kari.token })).status).toBe(403);
    expect((await api.call('GET', '/api/outbox', { token: teamAdmin.token })).status).toBe(403);
  });

  it('never shows another company’s messages, or messages about no company', async () => {
    const mine = await arrange();
    const theirs = await arrange();
    await api.db.outboundMessage.create({
      data: { channel: 'email', recipient: 'solo@example.test', subject: 'Your password was changed', body: 'Plain' },
    });
    const list = await api.call('GET', '/api/outbox?pageSize=1000', {
      token: mine.admin.token,
      customerId: mine.company.id,
    });
    expect(list.body.total).toBe(3);
    const ids = new Set(list.body.items.map((item: { id: string }) => item.id));
    const foreign = await api.db.outboundMessage.findMany({
      where: { OR: [{ companyId: theirs.company.id }, { companyId: null }] },
      select: { id: true },
    });
    expect(foreign.length).toBeGreaterThan(0);
    expect(foreign.filter((row) => ids.has(row.id))).toEqual([]);
    expect(
      list.body.items.every(
        (item: { alertId: string | null }) => item.alertId === null || item.alertId === mine.alert.id,
      ),
    ).toBe(true);
    // Asking for the other company as a non-member is refused.
    expect(
      (await api.call('GET', '/api/outbox', { token: mine.admin.token, customerId: theirs.company.id })).status,
    ).toBe(403);
  });

  it('answers 401 without a session', async () => {
    expect((await api.call('GET', '/api/outbox')).status).toBe(401);
    expect((await api.call('GET', '/api/outbox', { token: 'not-a-token' })).status).toBe(401);
  });
});

// Where each channel really goes, for the warnings of the send screen, the delivery report and the dashboard.
describe('GET /api/delivery/channels', () => {
  const api = useApiTestContext();

  it('tells any member of the company that every channel only records here (no provider set up)', async () => {
    const company = await createCompany(api.db);
    const admin = await createMember(api.db, company.id, 'admin');
    const member = await createMember(api.db, company.id, 'user');
    for (const person of [admin, member]) {
      const response = await api.call('GET', '/api/delivery/channels', { token: person.token });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        drivers: { sms: 'outbox', voice: 'outbox', push: 'outbox', web: 'outbox', email: 'outbox' },
      });
    }
  });

  it('answers 403 for a company the person is not a member of, and 401 without a session', async () => {
    const company = await createCompany(api.db);
    const other = await createCompany(api.db);
    const admin = await createMember(api.db, company.id, 'admin');
    const denied = await api.call('GET', '/api/delivery/channels', { token: admin.token, customerId: other.id });
    expect(denied.status).toBe(403);
    expect((await api.call('GET', '/api/delivery/channels')).status).toBe(401);
  });
});

// With every provider configured the page says where each channel really goes (the outbox keeps only what it was given).
describe('GET /api/outbox with providers configured', () => {
  const keyDir = mkdtempSync(path.join(tmpdir(), 'tocsin-fcm-'));
  const api = useApiTestContext(configuredProviders(keyDir));
  afterAll(() => rmSync(keyDir, { recursive: true, force: true }));

  it('names the real provider of each channel', async () => {
    const company = await createCompany(api.db);
    const admin = await createMember(api.db, company.id, 'admin');
    const response = await api.call('GET', '/api/outbox', { token: admin.token });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      items: [],
      total: 0,
      drivers: { sms: 'twilio', voice: 'twilio', push: 'fcm', web: 'webpush', email: 'smtp' },
    });
    const channels = await api.call('GET', '/api/delivery/channels', { token: admin.token });
    expect(channels.body.drivers).toEqual(response.body.drivers);
  });
});

/** Settings of every provider, in their real formats; nothing is sent here, so no service behind them is needed. */
function configuredProviders(keyDir: string): Record<string, string> {
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const keyFile = path.join(keyDir, 'service-account.json');
  writeFileSync(
    keyFile,
    JSON.stringify({
      type: 'service_account',
      project_id: 'tocsin-test',
      private_key_id: 'key-1',
      private_key: privateKey,
      client_email: 'push@tocsin-test.iam.gserviceaccount.com',
      client_id: '1',
    }),
  );
  const vapid = webPush.generateVAPIDKeys();
  return {
    TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
    TWILIO_AUTH_TOKEN: 'twilio-auth-token',
    TWILIO_FROM_NUMBER: '+15551234567',
    SMTP_URL: 'smtp://127.0.0.1:2525',
    FCM_SERVICE_ACCOUNT: keyFile,
    WEB_PUSH_VAPID_PUBLIC_KEY: vapid.publicKey,
    WEB_PUSH_VAPID_PRIVATE_KEY: vapid.privateKey,
    WEB_PUSH_SUBJECT: 'mailto:ops@example.test',
  };
}
