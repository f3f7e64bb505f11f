import { randomUUID } from 'node:crypto';
import { describe, it, expect } from '@jest/globals';
import { createSession } from '@/lib/auth/create-session';
import { createAccount } from '../helpers/accounts';
import { useApiTestContext } from '../helpers/api-test-context';
import { uniquePhone } from '../helpers/phone';

// Issue 35, item 4: a channel test where the channel has no provider (no Twilio, SMTP, FCM or Web Push settings: a
// server started by hand, or `npm start` for all but browser push). The outbox records the test, as the product
// records every message then; the answer says nothing was sent and which settings would send it.

const OPERATOR_EMAIL = 'ops@outbox-channels.test';
const api = useApiTestContext({ OPERATOR_EMAILS: OPERATOR_EMAIL });

async function operator() {
  const account = await createAccount(api.db);
  const user = await api.db.user.update({ where: { id: account.id }, data: { email: OPERATOR_EMAIL } });
  const { token } = await createSession(api.db, { userId: user.id, extended: false, now: new Date() });
  return { user, token };
}

const TWILIO = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM_NUMBER'];

describe('testing a channel that only the outbox records', () => {
  it('records the SMS, the call, the e-mail and the pushes in the outbox, and names the settings that would send them', async () => {
    const { user, token } = await operator();
    const test = (body: unknown) => api.call('POST', '/api/operator/channelTests', { token, body });
    const number = uniquePhone();

    const channels = await api.call('GET', '/api/operator/channels', { token });
    expect(channels.body).toEqual({
      drivers: { sms: 'outbox', voice: 'outbox', push: 'outbox', web: 'outbox', email: 'outbox' },
    });

    const sms = await test({ channel: 'sms', to: number });
    expect(sms.status).toBe(201);
    const smsRow = await api.db.outboundMessage.findFirstOrThrow({ where: { channel: 'sms', recipient: number } });
    expect(smsRow).toMatchObject({
      companyId: null,
      alertId: null,
      body: 'Tocsin test: SMS from this Tocsin install reach this phone. No need to reply.',
    });
    expect(sms.body).toEqual({
      channel: 'sms',
      to: number,
      outcome: 'recorded',
      answers: [
        {
          provider: 'outbox',
          recipient: number,
          outcome: 'recorded',
          id: smsRow.id,
          status: null,
          errorCode: null,
          errorMessage: null,
          reason: null,
        },
      ],
      noDevices: false,
      settingsToSend: TWILIO,
    });

    const call = await test({ channel: 'call', to: number });
    const callRow = await api.db.outboundMessage.findFirstOrThrow({ where: { channel: 'voice', recipient: number } });
    expect(callRow.body).toBe(
      'This is a test call from Tocsin. Calls from this Tocsin install reach this phone. You do not need to do anything.',
    );
    expect(call.body).toMatchObject({ outcome: 'recorded', answers: [{ provider: 'outbox', id: callRow.id }] });
    expect(call.body.settingsToSend).toEqual(TWILIO);

    const address = `ola-${randomUUID()}@example.test`;
    const email = await test({ channel: 'email', to: address });
    expect(email.body).toMatchObject({
      channel: 'email',
      outcome: 'recorded',
      answers: [{ provider: 'outbox', recipient: address, outcome: 'recorded' }],
      settingsToSend: ['SMTP_URL'],
    });
    // The operators' list of recorded e-mails shows it, as it shows every e-mail the outbox kept.
    const recorded = await api.call('GET', '/api/operator/emails', { token });
    expect(recorded.body.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ recipient: address, subject: 'Tocsin test e-mail', companyName: null }),
      ]),
    );

    await api.db.device.createMany({
      data: [
        { userId: user.id, name: 'Pixel', platform: 'android', pushToken: `fcm-${randomUUID()}` },
        {
          userId: user.id,
          name: 'Firefox',
          platform: 'web',
          pushSubscription: { endpoint: 'https://push.example.test/abc', keys: { p256dh: 'key', auth: 'secret' } },
        },
      ],
    });
    const push = await test({ channel: 'push' });
    expect(push.body).toMatchObject({ channel: 'push', to: null, outcome: 'recorded', noDevices: false });
    expect(push.body.answers.map((answer: { recipient: string; outcome: string }) => answer.outcome)).toEqual([
      'recorded',
      'recorded',
    ]);
    expect(push.body.settingsToSend).toEqual([
      'FCM_SERVICE_ACCOUNT',
      'WEB_PUSH_VAPID_PUBLIC_KEY',
      'WEB_PUSH_VAPID_PRIVATE_KEY',
      'WEB_PUSH_SUBJECT',
    ]);
    const pushRows = await api.db.outboundMessage.findMany({ where: { channel: 'push', companyId: null } });
    expect(pushRows.map((row) => row.recipient).sort()).toEqual(['Firefox', 'Pixel']);

    const audited = await api.db.auditLog.findMany({
      where: { actorId: user.id, action: 'channelTested' },
      orderBy: { createdAt: 'asc' },
    });
    expect(audited.map((row) => (row.data as { outcome: string }).outcome)).toEqual([
      'recorded',
      'recorded',
      'recorded',
      'recorded',
    ]);
  });
});
