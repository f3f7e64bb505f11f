import { describe, it, expect } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { sendCompanyAlert, settledReceipts, waitFor } from '../helpers/alert-delivery';
import { createCompany, createMember } from '../helpers/fixtures';
import { postAsTwilio } from '../helpers/post-as-twilio';
import { useTwilioApiContext } from '../helpers/twilio-api-context';

// SMS opt-out (issue 36) with the real server, worker, Postgres and Redis; Twilio is the local fake of its REST API, and
// inbound SMS are posted to the webhook signed the way Twilio signs them. The server answers the keywords itself
// (TWILIO_KEYWORD_REPLIES=tocsin: Twilio's own handling off), so its TwiML is the one confirmation the person gets.
const provider = useTwilioApiContext({ FALLBACK_SMS_DELAY_SECONDS: '2' }, {}, { TWILIO_KEYWORD_REPLIES: 'tocsin' });
const api = provider.api;

type Member = Awaited<ReturnType<typeof createMember>>;

const EMPTY = '<?xml version="1.0" encoding="UTF-8"?><Response/>';
const OPTED_OUT_EN = 'You will no longer get alert SMS from this number. Reply START to get them again.';

/** An inbound SMS as Twilio posts it: form-encoded, signed over the public URL and the fields; its TwiML answer. */
async function inbound(from: string, body: string, messageSid = `SM${randomBytes(16).toString('hex')}`) {
  const url = `${api.url}/api/webhooks/twilio/inbound-sms`;
  const params = { From: from, To: '+4790000000', Body: body, MessageSid: messageSid };
  const response = await postAsTwilio(url, provider.fake.authToken, params);
  expect(response.status).toBe(200);
  return response.text();
}

/** The messages a TwiML answer sends back. */
const replies = (twiml: string) => [...twiml.matchAll(/<Message>([^<]*)<\/Message>/g)].map((match) => match[1]);

const optOut = (phone: string) => api.db.smsOptOut.findUnique({ where: { phone } });
const smsTo = (phone: string) => provider.fake.messages.filter((message) => message.to === phone);

async function companyWith(name: string, people: number) {
  const company = await createCompany(api.db, { plan: 'enterprise' });
  await api.db.company.update({ where: { id: company.id }, data: { name } });
  const admin = await createMember(api.db, company.id, 'admin', `${name} Admin`);
  const members: Member[] = [];
  for (let index = 0; index < people; index += 1) members.push(await createMember(api.db, company.id));
  return { company, admin, members };
}

const alertSms = (admin: Member, companyId: string, channels = ['sms']) =>
  sendCompanyAlert(api, admin, companyId, { title: 'Gas leak', message: 'Leave building B', channels });

describe('SMS opt-out keywords: /api/webhooks/twilio/inbound-sms', () => {
  const KEYWORDS = ['STOP', 'stop', 'Stop!', 'STOPALL', 'unsubscribe', 'Cancel', 'END', 'quit', 'Revoke', 'optout'];
  const LOCALIZED = ['STOPP', 'stopp', 'Avmeld', 'AFMELD', 'baja', 'Parar'];

  it.each([...KEYWORDS, ...LOCALIZED])('"%s" opts the number out, with one confirmation', async (keyword) => {
    const { members } = await companyWith('Fjord Energi', 1);
    const phone = members[0].user.phone!;
    const answer = await inbound(phone, ` ${keyword} `);
    expect(replies(answer)).toEqual([expect.stringContaining(OPTED_OUT_EN)]);
    expect(await optOut(phone)).toMatchObject({
      source: 'keyword',
      keyword: keyword.replace('!', '').toUpperCase(),
    });
  });

  it('confirms in the person’s language; a number no account has is opted out too', async () => {
    const { members } = await companyWith('Fjord Energi', 1);
    await api.db.user.update({ where: { id: members[0].user.id }, data: { locale: 'no-nb' } });
    expect(replies(await inbound(members[0].user.phone!, 'STOPP'))).toEqual([
      'Du får ikke lenger varsler på SMS fra dette nummeret. Svar START for å få dem igjen. Varsler i appen påvirkes ikke.',
    ]);
    const stranger = `+4798${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
    expect(replies(await inbound(stranger, 'stop'))).toEqual([expect.stringContaining(OPTED_OUT_EN)]);
    expect(await optOut(stranger)).toMatchObject({ source: 'keyword' });
  });

  it('applies a retried webhook (same MessageSid) once and answers it with nothing; a second STOP is not confirmed again', async () => {
    const { members } = await companyWith('Fjord Energi', 1);
    const phone = members[0].user.phone!;
    const first = await inbound(phone, 'STOP', 'SMretriedstop');
    expect(replies(first)).toHaveLength(1);
    const optedOutAt = (await optOut(phone))!.optedOutAt;
    expect(await inbound(phone, 'STOP', 'SMretriedstop')).toBe(EMPTY);
    expect(await api.db.smsKeywordMessage.count({ where: { messageSid: 'SMretriedstop' } })).toBe(1);
    expect(await inbound(phone, 'stop')).toBe(EMPTY);
    expect((await optOut(phone))!.optedOutAt).toEqual(optedOutAt);
    // A retried START after a later STOP does not opt the number back in.
    await inbound(phone, 'START', 'SMretriedstart');
    await inbound(phone, 'STOP', 'SMstopagain');
    expect(await inbound(phone, 'START', 'SMretriedstart')).toBe(EMPTY);
    expect(await optOut(phone)).not.toBeNull();
  });

  it('START and UNSTOP opt the number back in; YES, JA, OK and 1 do not', async () => {
    const { company, admin, members } = await companyWith('Fjord Energi', 2);
    const [anna, bo] = members.map((member) => member.user.phone!);
    for (const phone of [anna, bo]) await inbound(phone, 'STOP');
    for (const word of ['YES', 'JA', 'OK', '1']) await inbound(anna, word);
    expect(await optOut(anna)).not.toBeNull();
    expect(replies(await inbound(anna, 'start'))).toEqual([
      'You will get alert SMS from this number again. Reply STOP to stop them.',
    ]);
    expect(replies(await inbound(bo, 'Unstop'))).toHaveLength(1);
    expect(await optOut(anna)).toBeNull();
    expect(await optOut(bo)).toBeNull();
    await settledReceipts(api.db, await alertSms(admin, company.id));
    expect(smsTo(anna)).toHaveLength(1);
    expect(smsTo(bo)).toHaveLength(1);
  });

  it('HELP and INFO name the companies that alerted the person lately, in their language, and how to stop', async () => {
    const fjord = await companyWith('Fjord Energi', 1);
    const person = fjord.members[0];
    const bergen = await companyWith('Bergen Havn', 0);
    await api.db.membership.create({ data: { companyId: bergen.company.id, userId: person.user.id, role: 'user' } });
    await settledReceipts(api.db, await alertSms(fjord.admin, fjord.company.id));
    await settledReceipts(api.db, await alertSms(bergen.admin, bergen.company.id));
    const phone = person.user.phone!;
    expect(replies(await inbound(phone, 'HELP'))).toEqual([
      'Bergen Havn and Fjord Energi alert you by SMS from this number, through Tocsin. Reply STOP to stop these SMS, START to get them again.',
    ]);
    // Once removed from a company, the person is not told its name any more.
    await api.db.membership.updateMany({
      where: { companyId: bergen.company.id, userId: person.user.id },
      data: { deletedAt: new Date() },
    });
    await api.db.user.update({ where: { id: person.user.id }, data: { locale: 'es-es' } });
    expect(replies(await inbound(phone, 'info'))).toEqual([
      'Fjord Energi te avisan por SMS desde este número con Tocsin. Responde BAJA para dejar de recibir estos SMS y START para volver a recibirlos.',
    ]);
    expect(replies(await inbound('+4798000001', 'Help'))).toEqual([
      'Tocsin sends emergency alerts by SMS from this number. Reply STOP to stop these SMS, START to get them again.',
    ]);
    expect(await optOut(phone)).toBeNull();
  });

  it('any other reply still confirms the alert or joins its timeline, "stop please" included', async () => {
    const { company, admin, members } = await companyWith('Fjord Energi', 1);
    const person = members[0];
    const alertId = await alertSms(admin, company.id);
    await settledReceipts(api.db, alertId);
    expect(replies(await inbound(person.user.phone!, 'stop please'))).toEqual([expect.stringContaining('Reply OK')]);
    expect(await api.db.alertComment.findFirst({ where: { alertId, authorId: person.user.id } })).toMatchObject({
      message: 'stop please',
    });
    expect(replies(await inbound(person.user.phone!, 'ok'))).toEqual(['Thank you. Your confirmation is registered.']);
    expect(await optOut(person.user.phone!)).toBeNull();
  });
});

describe('alerts to opted-out numbers', () => {
  it('sends no SMS to an opted-out number: its receipt fails with the reason the report shows; calls still go', async () => {
    const { company, admin, members } = await companyWith('Fjord Energi', 2);
    const [quitter, stayer] = members;
    await inbound(quitter.user.phone!, 'STOP');
    const alertId = await alertSms(admin, company.id, ['sms', 'voice']);
    const receipts = await settledReceipts(api.db, alertId);
    expect(smsTo(quitter.user.phone!)).toHaveLength(0);
    expect(smsTo(stayer.user.phone!)).toHaveLength(1);
    expect(provider.fake.calls.filter((call) => call.to === quitter.user.phone)).toHaveLength(1);
    const mine = receipts.filter((receipt) => receipt.userId === quitter.user.id);
    expect(mine.map((receipt) => [receipt.channel, receipt.state, receipt.error])).toEqual([
      ['sms', 'failed', 'smsOptedOut'],
      ['voice', 'sent', null],
    ]);
    const report = await api.call('GET', `/api/alerts/${alertId}/deliveries`, { token: admin.token });
    const row = report.body.items.find((item: { userId: string }) => item.userId === quitter.user.id);
    expect(row.channels).toEqual(
      expect.arrayContaining([expect.objectContaining({ channel: 'sms', state: 'failed', error: 'smsOptedOut' })]),
    );
  });

  it('sends no fallback SMS to an opted-out number either; the push is unaffected', async () => {
    const { company, admin, members } = await companyWith('Fjord Energi', 2);
    const [quitter, stayer] = members;
    for (const member of members)
      await api.db.device.create({
        data: { userId: member.user.id, name: 'Phone', platform: 'android', pushToken: `token-${member.user.id}` },
      });
    await inbound(quitter.user.phone!, 'AFMELD');
    const alertId = await alertSms(admin, company.id, ['push']);
    const fallbacks = await waitFor('both fallback SMS receipts to settle', async () => {
      const rows = await api.db.receipt.findMany({
        where: { alertId, fallback: true, userId: { in: members.map((member) => member.user.id) } },
      });
      return rows.length === 2 && rows.every((row) => row.state !== 'pending' && row.state !== 'processing') && rows;
    });
    expect(fallbacks.find((row) => row.userId === quitter.user.id)).toMatchObject({
      state: 'failed',
      error: 'smsOptedOut',
    });
    expect(smsTo(quitter.user.phone!)).toHaveLength(0);
    expect(smsTo(stayer.user.phone!)).toHaveLength(1);
    const push = await api.db.receipt.findFirstOrThrow({
      where: { alertId, userId: quitter.user.id, channel: 'push' },
    });
    expect(push.state).not.toBe('failed');
  });

  it('Twilio’s 21610 marks the number opted out: later alerts do not ask Twilio again; START clears it', async () => {
    const { company, admin, members } = await companyWith('Fjord Energi', 1);
    const phone = members[0].user.phone!;
    provider.fake.optedOutNumbers.add(phone);
    const first = await settledReceipts(api.db, await alertSms(admin, company.id));
    expect(first.find((receipt) => receipt.userId === members[0].user.id)).toMatchObject({
      state: 'failed',
      error: 'smsOptedOutTwilio',
      attempts: 1,
    });
    expect(provider.fake.createRequests(phone)).toBe(1);
    expect(await optOut(phone)).toMatchObject({ source: 'twilio', keyword: null });

    const second = await settledReceipts(api.db, await alertSms(admin, company.id));
    expect(second.find((receipt) => receipt.userId === members[0].user.id)).toMatchObject({
      state: 'failed',
      error: 'smsOptedOutTwilio',
    });
    expect(provider.fake.createRequests(phone)).toBe(1);

    // The person texts START: Twilio lifts its block, and so does Tocsin.
    provider.fake.optedOutNumbers.delete(phone);
    expect(replies(await inbound(phone, 'START'))).toHaveLength(1);
    await settledReceipts(api.db, await alertSms(admin, company.id));
    expect(smsTo(phone)).toHaveLength(1);
  });
});

/** A status callback as Twilio posts it to the URL the SMS request named: form-encoded and signed. */
async function statusCallback(url: string, params: Record<string, string>) {
  expect((await postAsTwilio(url, provider.fake.authToken, params)).status).toBeLessThan(300);
}

describe('a 21610 that Twilio reports after taking the SMS', () => {
  it('marks the number from the status callback: the receipt says why and the next alert skips it', async () => {
    const { company, admin, members } = await companyWith('Kyst Vakt', 1);
    const phone = members[0].user.phone!;
    await settledReceipts(api.db, await alertSms(admin, company.id));
    const [taken] = smsTo(phone);
    expect(taken?.statusCallback).toBeTruthy();
    await statusCallback(taken.statusCallback!, {
      MessageSid: taken.sid,
      MessageStatus: 'failed',
      ErrorCode: '21610',
      To: phone,
      From: '+4790000000',
    });
    expect(await api.db.receipt.findFirst({ where: { providerId: taken.sid } })).toMatchObject({
      state: 'failed',
      error: 'smsOptedOutTwilio',
    });
    expect(await optOut(phone)).toMatchObject({ source: 'twilio', keyword: null });

    const next = await settledReceipts(api.db, await alertSms(admin, company.id));
    expect(next.find((receipt) => receipt.userId === members[0].user.id)).toMatchObject({
      state: 'failed',
      error: 'smsOptedOutTwilio',
    });
    expect(smsTo(phone)).toHaveLength(1);
  });

  it('another failure in a status callback marks nothing', async () => {
    const { company, admin, members } = await companyWith('Ås Brann', 1);
    const phone = members[0].user.phone!;
    await settledReceipts(api.db, await alertSms(admin, company.id));
    const [taken] = smsTo(phone);
    await statusCallback(taken.statusCallback!, {
      MessageSid: taken.sid,
      MessageStatus: 'undelivered',
      ErrorCode: '30003',
      To: phone,
      From: '+4790000000',
    });
    expect(await api.db.receipt.findFirst({ where: { providerId: taken.sid } })).toMatchObject({
      state: 'failed',
      error: 'Twilio error 30003',
    });
    expect(await optOut(phone)).toBeNull();
  });
});

describe('SMS outside alerts', () => {
  it('the app reminder goes to the others, not to an opted-out number', async () => {
    const { admin, members } = await companyWith('Fjord Energi', 2);
    const [quitter, stayer] = members;
    await inbound(quitter.user.phone!, 'STOP');
    const response = await api.call('POST', '/api/users/app-download-reminder', {
      token: admin.token,
      body: { userIds: [quitter.user.id, stayer.user.id] },
    });
    expect(response.status).toBe(200);
    await waitFor('the reminder to the other', async () => smsTo(stayer.user.phone!).length === 1);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(provider.fake.createRequests(quitter.user.phone!)).toBe(0);
  });
});

describe('the members list', () => {
  it('shows the opt-out to the admin of the person’s company; another company’s admin learns nothing', async () => {
    const fjord = await companyWith('Fjord Energi', 2);
    const [quitter, blocked] = fjord.members;
    const other = await companyWith('Bergen Havn', 1);
    await inbound(quitter.user.phone!, 'STOP');
    await api.db.smsOptOut.create({
      data: { phone: blocked.user.phone!, source: 'twilio', optedOutAt: new Date() },
    });

    const list = await api.call('GET', '/api/users', { token: fjord.admin.token });
    expect(list.status).toBe(200);
    const optOutOf = (userId: string) =>
      list.body.users.find((user: { userId: string }) => user.userId === userId)?.smsOptOut;
    expect(optOutOf(quitter.user.id)).toBe('keyword');
    expect(optOutOf(blocked.user.id)).toBe('twilio');
    expect(optOutOf(fjord.admin.user.id)).toBeNull();

    const theirs = await api.call('GET', '/api/users', { token: other.admin.token });
    expect(theirs.status).toBe(200);
    expect(JSON.stringify(theirs.body)).not.toContain(quitter.user.id);
    expect(JSON.stringify(theirs.body)).not.toContain(quitter.user.phone!);
    expect(theirs.body.users.every((user: { smsOptOut: unknown }) => user.smsOptOut === null)).toBe(true);
    // Nor can they name the person, or change the opt-out: the number's own SMS are the only way.
    const asOther = await api.call('PUT', `/api/accounts/${quitter.user.id}`, {
      token: other.admin.token,
      body: { name: 'Renamed' },
    });
    expect(asOther.status).toBe(404);
    expect(await optOut(quitter.user.phone!)).not.toBeNull();
  });
});

describe('the send screen', () => {
  it('counts the people of the target who opted out of SMS, before sending', async () => {
    const fjord = await companyWith('Fjord Energi', 3);
    await inbound(fjord.members[0].user.phone!, 'STOP');
    await api.db.smsOptOut.create({
      data: { phone: fjord.members[1].user.phone!, source: 'twilio', optedOutAt: new Date() },
    });
    const reach = (target: object) =>
      api.call('POST', '/api/alerts/target/reach', { token: fjord.admin.token, body: { alertTarget: target } });
    expect((await reach({ company: true })).body).toMatchObject({ reach: 4, smsOptedOut: 2 });
    expect((await reach({ users: [fjord.members[2].user.id] })).body).toMatchObject({ reach: 1, smsOptedOut: 0 });
  });
});
