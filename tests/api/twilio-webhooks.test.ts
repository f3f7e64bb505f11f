import { describe, it, expect } from '@jest/globals';
import twilio from 'twilio';
import { useApiTestContext } from '../helpers/api-test-context';
import { createCompany, createMember } from '../helpers/fixtures';

const AUTH_TOKEN = 'test-twilio-auth-token';

describe('Twilio status callbacks: /api/webhooks/twilio/sms-status and /call-status', () => {
  const api = useApiTestContext({
    TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000000',
    TWILIO_AUTH_TOKEN: AUTH_TOKEN,
    TWILIO_FROM_NUMBER: '+4790000000',
  });

  /** Posts a callback the way Twilio does: form-encoded, signed over the public URL and the fields. */
  function callback(
    path: string,
    params: Record<string, string>,
    signature = twilio.getExpectedTwilioSignature(AUTH_TOKEN, `${api.url}${path}`, params),
  ) {
    return fetch(`${api.url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Twilio-Signature': signature },
      body: new URLSearchParams(params).toString(),
    });
  }

  async function alertWithProviderIds() {
    const company = await createCompany(api.db);
    const admin = await createMember(api.db, company.id, 'admin');
    const person = await createMember(api.db, company.id);
    const sent = await api.call('POST', '/api/alerts/alert', {
      token: admin.token,
      body: { title: 'Storm', message: 'Stay inside', channels: ['sms', 'push'], target: { users: [person.user.id] } },
    });
    const alertId = sent.body.alertId as string;
    const smsSid = `SM${alertId.replace(/-/g, '')}`;
    const callSid = `CA${alertId.replace(/-/g, '')}`;
    await api.db.receipt.updateMany({
      where: { alertId, channel: 'sms' },
      data: { providerId: smsSid, state: 'processing' },
    });
    await api.db.receipt.updateMany({
      where: { alertId, channel: 'push' },
      data: { providerId: callSid, state: 'processing' },
    });
    const receipt = (providerId: string) => api.db.receipt.findFirstOrThrow({ where: { providerId } });
    return { smsSid, callSid, receipt };
  }

  it('moves an SMS receipt forward: sent, delivered; a late or replayed callback changes nothing', async () => {
    const { smsSid, receipt } = await alertWithProviderIds();
    expect(
      (await callback('/api/webhooks/twilio/sms-status', { MessageSid: smsSid, MessageStatus: 'sent' })).status,
    ).toBe(204);
    expect((await receipt(smsSid)).state).toBe('sent');
    await callback('/api/webhooks/twilio/sms-status', { MessageSid: smsSid, MessageStatus: 'delivered' });
    const delivered = await receipt(smsSid);
    expect(delivered.state).toBe('delivered');
    expect(delivered.deliveredAt).not.toBeNull();
    await callback('/api/webhooks/twilio/sms-status', { MessageSid: smsSid, MessageStatus: 'sent' });
    await callback('/api/webhooks/twilio/sms-status', {
      MessageSid: smsSid,
      MessageStatus: 'undelivered',
      ErrorCode: '30003',
    });
    await callback('/api/webhooks/twilio/sms-status', { MessageSid: smsSid, MessageStatus: 'delivered' });
    expect(await receipt(smsSid)).toEqual(delivered);
  });

  it('records a failed SMS with its reason, and call statuses on a call receipt', async () => {
    const { smsSid, callSid, receipt } = await alertWithProviderIds();
    await callback('/api/webhooks/twilio/sms-status', {
      MessageSid: smsSid,
      MessageStatus: 'undelivered',
      ErrorCode: '30003',
    });
    expect(await receipt(smsSid)).toMatchObject({ state: 'failed', error: 'Twilio error 30003' });
    await callback('/api/webhooks/twilio/call-status', { CallSid: callSid, CallStatus: 'ringing' });
    expect((await receipt(callSid)).state).toBe('sent');
    await callback('/api/webhooks/twilio/call-status', { CallSid: callSid, CallStatus: 'completed' });
    expect((await receipt(callSid)).state).toBe('delivered');
  });

  it('ignores statuses that say nothing new and SIDs it does not know', async () => {
    const { smsSid, receipt } = await alertWithProviderIds();
    expect(
      (await callback('/api/webhooks/twilio/sms-status', { MessageSid: smsSid, MessageStatus: 'queued' })).status,
    ).toBe(204);
    expect(
      (await callback('/api/webhooks/twilio/sms-status', { MessageSid: 'SMunknown', MessageStatus: 'delivered' }))
        .status,
    ).toBe(204);
    expect((await receipt(smsSid)).state).toBe('processing');
  });

  describe('inbound SMS: /api/webhooks/twilio/inbound-sms', () => {
    async function smsAlertTo(locale = 'en-us') {
      const company = await createCompany(api.db);
      const admin = await createMember(api.db, company.id, 'admin');
      const person = await createMember(api.db, company.id);
      await api.db.user.update({ where: { id: person.user.id }, data: { locale } });
      const sent = await api.call('POST', '/api/alerts/alert', {
        token: admin.token,
        body: {
          title: 'Fire drill',
          message: 'Meet at the gate',
          channels: ['sms'],
          target: { users: [person.user.id] },
        },
      });
      const alertId = sent.body.alertId as string;
      await api.db.receipt.updateMany({
        where: { alertId },
        data: { state: 'delivered', providerId: `SM${alertId.slice(0, 8)}` },
      });
      return { alertId, phone: person.user.phone!, userId: person.user.id };
    }
    const reply = (From: string, Body: string) =>
      callback('/api/webhooks/twilio/inbound-sms', { From, Body, MessageSid: 'SMinbound', To: '+4790000000' });

    it('"ok" confirms the newest alert SMS of that person and thanks them in their language', async () => {
      const { alertId, phone, userId } = await smsAlertTo('no-nb');
      const response = await reply(phone, ' ok. ');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/xml');
      expect(await response.text()).toContain('<Message>Takk. Bekreftelsen din er registrert.</Message>');
      const recipient = await api.db.alertRecipient.findFirstOrThrow({ where: { alertId, userId } });
      expect(recipient.receivedAt).not.toBeNull();
      expect((await api.db.receipt.findFirstOrThrow({ where: { alertId, userId } })).state).toBe('received');
    });

    it('any other text joins the alert timeline as the person’s comment', async () => {
      const { alertId, phone, userId } = await smsAlertTo();
      const response = await reply(phone, 'Trapped on floor 3, door blocked');
      expect(await response.text()).toContain('Reply OK to confirm');
      const comment = await api.db.alertComment.findFirstOrThrow({ where: { alertId } });
      expect(comment).toMatchObject({
        authorId: userId,
        messageType: 'comment',
        message: 'Trapped on floor 3, door blocked',
      });
      expect((await api.db.receipt.findFirstOrThrow({ where: { alertId, userId } })).state).toBe('delivered');
    });

    it('answers an empty TwiML to unknown numbers and people without an active alert SMS', async () => {
      const { alertId, phone } = await smsAlertTo();
      expect(await (await reply('+4799999999', 'OK')).text()).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
      await api.db.alert.update({ where: { id: alertId }, data: { status: 'completed' } });
      expect(await (await reply(phone, 'OK')).text()).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
      expect(await api.db.alertRecipient.count({ where: { alertId, receivedAt: { not: null } } })).toBe(0);
    });
  });

  describe('key press during an alert call: /api/webhooks/twilio/voice-gather', () => {
    async function callAlert() {
      const company = await createCompany(api.db, { plan: 'enterprise' });
      await api.db.company.update({ where: { id: company.id }, data: { name: 'Nordic Dams', language: 'en-us' } });
      const admin = await createMember(api.db, company.id, 'admin');
      const person = await createMember(api.db, company.id);
      const sent = await api.call('POST', '/api/alerts/alarm', {
        token: admin.token,
        body: {
          title: 'Flood',
          message: 'Water is rising at dam 2',
          channels: ['voice'],
          target: { users: [person.user.id] },
        },
      });
      expect(sent.status).toBe(201);
      const receipt = await api.db.receipt.findFirstOrThrow({
        where: { alertId: sent.body.alertId, channel: 'voice' },
      });
      const key = {
        alertId_userId_channel_fallback_round: {
          alertId: receipt.alertId,
          userId: receipt.userId,
          channel: 'voice' as const,
          fallback: false,
          round: 1,
        },
      };
      await api.db.receipt.update({ where: key, data: { state: 'delivered', providerId: 'CAcall' } });
      const stateNow = async () => (await api.db.receipt.findUniqueOrThrow({ where: key })).state;
      return { receipt, stateNow, alertId: sent.body.alertId as string };
    }
    const gatherPath = (receipt: { alertId: string; userId: string }) =>
      `/api/webhooks/twilio/voice-gather?alertId=${receipt.alertId}&userId=${receipt.userId}`;
    const press = (receipt: { alertId: string; userId: string }, Digits: string) =>
      callback(gatherPath(receipt), { CallSid: 'CAcall', Digits });

    it('1 confirms the call and the person hears it was registered', async () => {
      const { receipt, stateNow, alertId } = await callAlert();
      const response = await press(receipt, '1');
      expect(response.status).toBe(200);
      const body = await response.text();
      expect(body).toContain(
        '<Say voice="Polly.Joanna" language="en-US">Thank you. Your confirmation has been registered.</Say>',
      );
      expect(body).toContain('<Hangup/>');
      expect(await stateNow()).toBe('received');
      expect(
        (await api.db.alertRecipient.findUniqueOrThrow({ where: { id: receipt.recipientId } })).receivedAt,
      ).not.toBeNull();
      expect((await api.db.alert.findUniqueOrThrow({ where: { id: alertId } })).status).toBe('active');
    });

    it('another key reads the alert again; an unknown call hangs up', async () => {
      const { receipt, stateNow } = await callAlert();
      const again = await (await press(receipt, '5')).text();
      expect(again).toContain('This is an alert from Nordic Dams. Flood. Water is rising at dam 2');
      expect(again).toContain('Press 1 to confirm');
      expect(await stateNow()).toBe('delivered');
      expect(
        await (await press({ alertId: receipt.alertId, userId: '00000000-0000-4000-8000-000000000000' }, '1')).text(),
      ).toBe('<?xml version="1.0" encoding="UTF-8"?><Response><Hangup/></Response>');
    });

    it('the call speaks the saved voice profile; with a conference text, 1 joins the alert’s conference room', async () => {
      const { receipt, stateNow, alertId } = await callAlert();
      const { companyId } = await api.db.alert.findUniqueOrThrow({ where: { id: alertId } });
      await api.db.voiceProfile.create({
        data: {
          companyId,
          voiceId: 'Polly.Matthew-Neural',
          messageIntroduction: 'Control room calling.',
          messageCallConf: 'Press 1 once you have heard this.',
          messageKey1: 'Confirmed. Connecting you to the responders.',
        },
      });
      await api.db.companySetting.create({
        data: { companyId, name: 'conferenceText', value: 'Pressing 1 also joins the responders’ call.' },
      });
      // Twilio's first request (no key yet) reads the call in the saved voice, conference text last.
      const call = await (await callback(gatherPath(receipt), { CallSid: 'CAcall' })).text();
      expect(call).toContain(
        '<Say voice="Polly.Matthew-Neural" language="en-US">Control room calling. Flood. Water is rising at dam 2</Say>' +
          '<Say voice="Polly.Matthew-Neural" language="en-US">Press 1 once you have heard this.</Say>' +
          '<Say voice="Polly.Matthew-Neural" language="en-US">Pressing 1 also joins the responders’ call.</Say>',
      );
      const joined = await (await press(receipt, '1')).text();
      expect(joined).toContain('Confirmed. Connecting you to the responders.</Say><Dial><Conference ');
      expect(joined).toContain(`>tocsin-alert-${alertId}</Conference></Dial>`);
      expect(joined).not.toContain('<Hangup/>');
      expect(await stateNow()).toBe('received');
      const { receivedAt } = await api.db.alertRecipient.findUniqueOrThrow({ where: { id: receipt.recipientId } });
      // A second press (the person called back into the menu) joins again and confirms nothing twice.
      expect(await (await press(receipt, '1')).text()).toBe(joined);
      expect(
        (await api.db.alertRecipient.findUniqueOrThrow({ where: { id: receipt.recipientId } })).receivedAt,
      ).toEqual(receivedAt);
      // The conference key works only signed, like every Twilio webhook.
      const forged = await callback(gatherPath(receipt), { CallSid: 'CAcall', Digits: '1' }, 'forged');
      expect(forged.status).toBe(403);
    });
  });

  // Under Twilio's default opt-out handling (TWILIO_KEYWORD_REPLIES unset): Twilio itself replies to its keywords, so
  // Tocsin records them and stays silent; it still answers the localized ones, which Twilio does not know (issue 36).
  describe('SMS keywords under Twilio’s default handling', () => {
    const EMPTY = '<?xml version="1.0" encoding="UTF-8"?><Response/>';
    const keyword = (From: string, Body: string, MessageSid: string) =>
      callback('/api/webhooks/twilio/inbound-sms', { From, Body, MessageSid, To: '+4790000000' });

    it('records STOP without a second confirmation, answers STOPP itself, and leaves HELP and START to Twilio', async () => {
      const company = await createCompany(api.db);
      const [anna, bo] = [await createMember(api.db, company.id), await createMember(api.db, company.id)];
      expect(await (await keyword(anna.user.phone!, 'Stop', 'SMdefault1')).text()).toBe(EMPTY);
      expect(await api.db.smsOptOut.findUnique({ where: { phone: anna.user.phone! } })).toMatchObject({
        source: 'keyword',
        keyword: 'STOP',
      });
      expect(await (await keyword(bo.user.phone!, 'stopp', 'SMdefault2')).text()).toContain(
        '<Message>You will no longer get alert SMS from this number.',
      );
      expect(await (await keyword(anna.user.phone!, 'HELP', 'SMdefault3')).text()).toBe(EMPTY);
      expect(await (await keyword(anna.user.phone!, 'START', 'SMdefault4')).text()).toBe(EMPTY);
      expect(await api.db.smsOptOut.findUnique({ where: { phone: anna.user.phone! } })).toBeNull();
    });
  });
});
