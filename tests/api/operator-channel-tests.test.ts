import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { Redis } from 'ioredis';
import webpush from 'web-push';
import { createSession } from '@/lib/auth/create-session';
import { createAccount } from '../helpers/accounts';
import { useApiTestContext } from '../helpers/api-test-context';
import { FCM_ERRORS } from '../helpers/fake-fcm';
import { startFakeProviders, type FakeProviders } from '../helpers/fake-providers';
import { mailHeader, startFakeSmtp, type FakeSmtp } from '../helpers/fake-smtp';
import { startFakeWebPush, type FakeWebPush } from '../helpers/fake-web-push';
import { createCompany, createMember } from '../helpers/fixtures';
import { uniquePhone } from '../helpers/phone';
import { testEnv } from '../helpers/test-env';

// Issue 35, item 4: an operator tests a channel (POST /api/operator/channelTests) and sees the provider's answer. Every
// provider is configured here, each a local fake in the shape of the real service at the HTTP (or SMTP) boundary:
// Twilio's REST API, an SMTP relay, FCM's HTTP v1 API and a browser push service. The same test without any provider
// (what `npm start` does for SMS, calls, app push and e-mail) is operator-channel-tests-outbox.test.ts.

const vapid = webpush.generateVAPIDKeys();
const FROM = '+15005550006';
let providers: FakeProviders;
let smtp: FakeSmtp;
let pushService: FakeWebPush;
const certificateFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tocsin-channel-test-')), 'push-service.pem');

beforeAll(async () => {
  [providers, smtp, pushService] = await Promise.all([
    startFakeProviders(FROM),
    startFakeSmtp(),
    startFakeWebPush(vapid.publicKey),
  ]);
  fs.writeFileSync(certificateFile, pushService.certificate);
});
afterAll(async () => {
  await Promise.all([providers?.stop(), smtp?.stop(), pushService?.stop()]);
});

// Each test has operators of its own: the channel-test throttle (a few a minute) counts per operator.
const OPERATORS = Array.from({ length: 16 }, (_, index) => `ops${index + 1}@channels.test`);
let nextOperator = 0;

const api = useApiTestContext(() => ({
  ...providers.env,
  SMTP_URL: smtp.url(),
  WEB_PUSH_VAPID_PUBLIC_KEY: vapid.publicKey,
  WEB_PUSH_VAPID_PRIVATE_KEY: vapid.privateKey,
  WEB_PUSH_SUBJECT: 'mailto:ops@channels.test',
  NODE_EXTRA_CA_CERTS: certificateFile,
  OPERATOR_EMAILS: OPERATORS.join(','),
}));

async function newOperator(locale = 'en-us') {
  const email = OPERATORS[nextOperator++];
  const account = await createAccount(api.db);
  const user = await api.db.user.update({ where: { id: account.id }, data: { email, locale } });
  const { token } = await createSession(api.db, { userId: user.id, extended: false, now: new Date() });
  return { user, token };
}

const test = (token: string, body: unknown) => api.call('POST', '/api/operator/channelTests', { token, body });
const quotedPrintable = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
const audits = (actorId: string) =>
  api.db.auditLog.findMany({ where: { actorId, action: 'channelTested' }, orderBy: { createdAt: 'asc' } });

describe('testing a channel through its provider', () => {
  it('sends one SMS through Twilio, to the number given in any international form, and answers its SID and status', async () => {
    const operator = await newOperator();
    const number = uniquePhone();
    const typed = `00${number.slice(1, 3)} ${number.slice(3, 6)} ${number.slice(6)}`;

    const response = await test(operator.token, { channel: 'sms', to: typed });

    expect(response.status).toBe(201);
    const sent = providers.twilio.messages.filter((message) => message.to === number);
    expect(sent).toEqual([
      expect.objectContaining({
        to: number,
        from: FROM,
        body: 'Tocsin test: SMS from this Tocsin install reach this phone. No need to reply.',
      }),
    ]);
    expect(response.body).toEqual({
      channel: 'sms',
      to: number,
      outcome: 'sent',
      answers: [
        {
          provider: 'twilio',
          recipient: number,
          outcome: 'sent',
          id: sent[0].sid,
          status: 'queued',
          errorCode: null,
          errorMessage: null,
          reason: null,
        },
      ],
      noDevices: false,
      settingsToSend: [],
    });
    const [audit] = await audits(operator.user.id);
    expect(audit).toMatchObject({
      companyId: null,
      entityType: 'ChannelTest',
      data: {
        channel: 'sms',
        to: number,
        outcome: 'sent',
        answers: [{ provider: 'twilio', recipient: number, outcome: 'sent', id: sent[0].sid, errorCode: null }],
      },
    });
  });

  it("places one call that says the test sentence in the operator's language, then hangs up", async () => {
    const operator = await newOperator('no-nb');
    const number = uniquePhone();

    const response = await test(operator.token, { channel: 'call', to: number });

    expect(response.status).toBe(201);
    const calls = providers.twilio.calls.filter((call) => call.to === number);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ from: FROM, url: '' });
    const sentence =
      'Dette er en testoppringing fra Tocsin. Oppringinger fra denne Tocsin-installasjonen kommer fram til denne ' +
      'telefonen. Du trenger ikke å gjøre noe.';
    const say = `<Say voice="Polly.Liv" language="nb-NO">${sentence}</Say>`;
    expect(calls[0].form.Twiml).toBe(
      `<?xml version="1.0" encoding="UTF-8"?><Response>${say}<Pause length="1"/>${say}<Hangup/></Response>`,
    );
    expect(response.body).toMatchObject({
      channel: 'call',
      to: number,
      outcome: 'sent',
      answers: [{ provider: 'twilio', outcome: 'sent', id: calls[0].sid, status: 'queued', errorCode: null }],
    });
  });

  it("shows Twilio's refusal of a number as a failed test with its code and words, not an error", async () => {
    const operator = await newOperator();
    const number = uniquePhone();
    providers.twilio.invalidNumbers.add(number);

    for (const channel of ['sms', 'call']) {
      const response = await test(operator.token, { channel, to: number });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({ channel, to: number, outcome: 'failed', settingsToSend: [] });
      expect(response.body.answers).toEqual([
        {
          provider: 'twilio',
          recipient: number,
          outcome: 'failed',
          id: null,
          status: null,
          errorCode: '21211',
          errorMessage:
            channel === 'sms'
              ? `The 'To' number ${number} is not a valid phone number.`
              : `Invalid 'To' Phone Number: ${number}`,
          reason: null,
        },
      ]);
    }
    expect(providers.twilio.createRequests(number)).toBe(2);
    expect(providers.twilio.messages.filter((message) => message.to === number)).toEqual([]);
    expect((await audits(operator.user.id)).map((audit) => audit.data)).toEqual([
      expect.objectContaining({ channel: 'sms', outcome: 'failed' }),
      expect.objectContaining({ channel: 'call', outcome: 'failed' }),
    ]);
  });

  it("waits for a call's slot in the account's pace, and refuses the call while an alert's calls take the next ones", async () => {
    const operator = await newOperator();
    const number = uniquePhone();
    const redis = new Redis(testEnv('TEST_REDIS_URL'));
    const pacing = `${api.server.queuePrefix}:twilio:${providers.twilio.accountSid}:next-call`;
    try {
      await redis.set(pacing, String(Date.now() + 60_000), 'PX', 120_000);
      const busy = await test(operator.token, { channel: 'call', to: number });
      expect(busy).toMatchObject({ status: 429, body: { code: 'callsBusy' } });
      expect(Number(busy.headers.get('retry-after'))).toBeGreaterThan(50);
      expect(providers.twilio.createRequests(number)).toBe(0);

      // A slot two seconds ahead is waited for: the call goes then, and takes its slot from the alert's.
      await redis.set(pacing, String(Date.now() + 2_000), 'PX', 120_000);
      const started = Date.now();
      const placed = await test(operator.token, { channel: 'call', to: number });
      expect(placed).toMatchObject({ status: 201, body: { outcome: 'sent' } });
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_500);
      expect(providers.twilio.createRequests(number)).toBe(1);
    } finally {
      await redis.del(pacing);
      redis.disconnect();
    }
  });

  it("sends one e-mail through SMTP and answers the server's reply line and the message id", async () => {
    const operator = await newOperator();
    const address = `Grete.${randomBytes(3).toString('hex')}@Example.test`;

    const response = await test(operator.token, { channel: 'email', to: address });

    expect(response.status).toBe(201);
    const mails = smtp.messages.filter((mail) => mail.to.includes(address.toLowerCase()));
    expect(mails).toHaveLength(1);
    expect(mailHeader(mails[0].raw, 'Subject')).toBe('Tocsin test e-mail');
    expect(quotedPrintable(mails[0].raw)).toContain(
      'This is a test e-mail from Tocsin. An operator of this Tocsin install sent it to check that e-mail from the ' +
        'install reaches this address.',
    );
    expect(response.body).toEqual({
      channel: 'email',
      to: address.toLowerCase(),
      outcome: 'sent',
      answers: [
        {
          provider: 'smtp',
          recipient: address.toLowerCase(),
          outcome: 'sent',
          id: mailHeader(mails[0].raw, 'Message-ID'),
          status: expect.stringMatching(/^250 /),
          errorCode: null,
          errorMessage: null,
          reason: null,
        },
      ],
      noDevices: false,
      settingsToSend: [],
    });
  });

  it("shows the SMTP server's refusal of a recipient with its reply code and words", async () => {
    const operator = await newOperator();
    const address = `gone-${randomBytes(3).toString('hex')}@example.test`;
    smtp.rejectRecipient(address);

    const response = await test(operator.token, { channel: 'email', to: address });

    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ outcome: 'failed' });
    expect(response.body.answers).toEqual([
      expect.objectContaining({
        provider: 'smtp',
        outcome: 'failed',
        id: null,
        errorCode: '550',
        errorMessage: expect.stringContaining('550 No such user here'),
      }),
    ]);
    expect(smtp.messages.filter((mail) => mail.to.includes(address))).toEqual([]);
  });

  it("pushes to the operator's own phone and browser and answers each provider's answer; a dead token is dropped", async () => {
    const operator = await newOperator();
    const { id: subscriptionId, subscription } = pushService.subscribe();
    const [goodToken, deadToken] = [`fcm-${randomUUID()}`, `fcm-${randomUUID()}`];
    providers.fcm.fail(deadToken, 'UNREGISTERED');
    const register = (body: object) => api.call('POST', '/api/devices', { token: operator.token, body });
    expect((await register({ name: 'Chromium', platform: 'web', pushSubscription: subscription })).status).toBe(201);
    expect((await register({ name: 'Pixel', platform: 'android', pushToken: goodToken })).status).toBe(201);
    expect((await register({ name: 'Old phone', platform: 'ios', pushToken: deadToken })).status).toBe(201);
    // Someone else's device gets nothing.
    const other = await createAccount(api.db);
    await api.db.device.create({
      data: { userId: other.id, name: 'Not mine', platform: 'android', pushToken: `fcm-${randomUUID()}` },
    });
    const fcmBefore = providers.fcm.requests.length;

    const response = await test(operator.token, { channel: 'push' });

    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ channel: 'push', to: null, outcome: 'failed', noDevices: false });
    const byName = Object.fromEntries(
      (response.body.answers as { recipient: string }[]).map((answer) => [answer.recipient, answer]),
    );
    const delivered = pushService.received.filter((push) => push.subscriptionId === subscriptionId);
    expect(delivered).toHaveLength(1);
    expect(delivered[0].payload).toMatchObject({ tag: 'tocsin-test', data: { type: 'test' } });
    expect(byName.Chromium).toEqual({
      provider: 'webPush',
      recipient: 'Chromium',
      outcome: 'sent',
      id: expect.stringMatching(new RegExp(`^${pushService.origin}/message/\\d+$`)),
      status: '201',
      errorCode: null,
      errorMessage: null,
      reason: null,
    });
    const [accepted] = providers.fcm.accepted(goodToken);
    expect(accepted.message).toMatchObject({ data: { type: 'test' }, notification: { title: 'Tocsin test' } });
    expect(byName.Pixel).toMatchObject({ provider: 'fcm', outcome: 'sent', id: accepted.name, status: null });
    expect(byName['Old phone']).toMatchObject({
      provider: 'fcm',
      outcome: 'failed',
      id: null,
      errorCode: 'messaging/registration-token-not-registered',
      errorMessage: expect.stringContaining(FCM_ERRORS.UNREGISTERED.message),
    });
    expect(providers.fcm.requests.length - fcmBefore).toBe(2);
    const old = await api.db.device.findFirstOrThrow({ where: { userId: operator.user.id, name: 'Old phone' } });
    expect(old).toMatchObject({ pushToken: null, pushLostAt: expect.any(Date) });
  });

  it('says so when the operator has no device that can receive push, and sends nothing', async () => {
    const operator = await newOperator();
    await api.db.device.create({ data: { userId: operator.user.id, name: 'Positions only', platform: 'android' } });
    const fcmBefore = providers.fcm.requests.length;
    const response = await test(operator.token, { channel: 'push' });
    expect(response).toMatchObject({
      status: 201,
      body: { channel: 'push', to: null, outcome: 'failed', answers: [], noDevices: true, settingsToSend: [] },
    });
    expect(providers.fcm.requests.length).toBe(fcmBefore);
  });

  it('names the providers each channel goes through (GET /api/operator/channels)', async () => {
    const operator = await newOperator();
    const response = await api.call('GET', '/api/operator/channels', { token: operator.token });
    expect(response).toMatchObject({
      status: 200,
      body: { drivers: { sms: 'twilio', voice: 'twilio', push: 'fcm', web: 'webpush', email: 'smtp' } },
    });
  });
});

describe('what a channel test refuses', () => {
  it('refuses bad input with 400 and the spec messages, sending nothing', async () => {
    const operator = await newOperator();
    const number = uniquePhone();
    const cases: [unknown, string][] = [
      [{}, 'channel is required'],
      [{ channel: 'fax', to: number }, 'channel is not valid'],
      [{ channel: 'sms' }, 'to is required'],
      [{ channel: 'sms', to: '' }, 'to is required'],
      [{ channel: 'call', to: '12345' }, 'to is not valid'],
      [{ channel: 'sms', to: number.slice(3) }, 'to is not valid'],
      [{ channel: 'sms', to: number, extra: true }, 'body is not valid'],
      [{ channel: 'email', to: 'not an address' }, 'to is not valid'],
      [{ channel: 'email', to: `${'a'.repeat(250)}@example.test` }, 'to cannot be longer than 254 characters'],
      [{ channel: 'push', to: 'me@example.test' }, 'body is not valid'],
      [{ channel: 'sms', to: '+81 3 1234 5678' }, 'The dial code +81 is not allowed'],
    ];
    for (const [body, message] of cases) {
      const response = await test(operator.token, body);
      expect({ body, status: response.status, errors: response.body.errors }).toEqual({
        body,
        status: 400,
        errors: [message],
      });
    }
    expect(providers.twilio.createRequests(number)).toBe(0);
    expect(providers.twilio.createRequests('+81312345678')).toBe(0);
    expect(await audits(operator.user.id)).toEqual([]);
  });

  it('refuses a company owner who is not an operator with 403, and no session with 401', async () => {
    const company = await createCompany(api.db);
    const owner = await createMember(api.db, company.id, 'owner');
    const number = uniquePhone();
    for (const [method, path, body] of [
      ['POST', '/api/operator/channelTests', { channel: 'sms', to: number }],
      ['GET', '/api/operator/channels', undefined],
    ] as const) {
      const refused = await api.call(method, path, { token: owner.token, customerId: company.id, body });
      expect(refused).toMatchObject({ status: 403, body: { code: 'notOperator' } });
      expect((await api.call(method, path, { body })).status).toBe(401);
    }
    expect(providers.twilio.createRequests(number)).toBe(0);
  });

  it('takes a few tests a minute per operator, then 429 `throttled` until the minute is over; others are not held up', async () => {
    const [first, second] = [await newOperator(), await newOperator()];
    const to = () => `limit-${randomBytes(3).toString('hex')}@example.test`;
    for (let sent = 0; sent < 5; sent += 1)
      expect((await test(first.token, { channel: 'email', to: to() })).status).toBe(201);
    const address = to();
    const throttled = await test(first.token, { channel: 'email', to: address });
    expect(throttled).toMatchObject({ status: 429, body: { code: 'throttled' } });
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(throttled.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(smtp.messages.filter((mail) => mail.to.includes(address))).toEqual([]);
    expect(await audits(first.user.id)).toHaveLength(5);
    expect((await test(second.token, { channel: 'email', to: to() })).status).toBe(201);
  });
});
