import { describe, it, expect } from '@jest/globals';
import Papa from 'papaparse';
import { settledReceipts, waitFor } from '../helpers/alert-delivery';
import { listenToCompany } from '../helpers/company-events';
import { createCompany, createMember } from '../helpers/fixtures';
import { postAsTwilio } from '../helpers/post-as-twilio';
import { TWILIO_FROM, useTwilioApiContext } from '../helpers/twilio-api-context';

// Response options (issue 36): sent with an alert, answered from the app (POST /api/alerts/{id}/answer) and by an SMS
// reply with the option's number (Twilio's signed inbound webhook), counted and filtered on the details, the delivery
// report and the export. The real server and worker deliver the SMS to a local fake of Twilio's REST API.
const provider = useTwilioApiContext();
const api = provider.api;

type Member = Awaited<ReturnType<typeof createMember>>;

const DEFAULTS = [{ kind: 'safe' }, { kind: 'needsHelp' }];

async function arrange(people = 1, locale = 'en-us') {
  const company = await createCompany(api.db);
  const admin = await createMember(api.db, company.id, 'admin', 'Ada Admin');
  const persons: Member[] = [];
  for (let index = 0; index < people; index += 1) {
    const person = await createMember(api.db, company.id, 'user', `Person ${index + 1}`);
    await api.db.user.update({ where: { id: person.user.id }, data: { locale } });
    persons.push(person);
  }
  return { company, admin, persons };
}

async function sendTo(sender: Member, people: Member[], responseOptions: unknown = DEFAULTS, channels = ['sms']) {
  const response = await api.call('POST', '/api/alerts/alert', {
    token: sender.token,
    body: {
      title: 'Fire drill',
      message: 'Meet at the gate',
      channels,
      target: { users: people.map((person) => person.user.id) },
      responseOptions,
    },
  });
  expect(response.status).toBe(201);
  return response.body.alertId as string;
}

const answer = (person: Member, alertId: string, body: unknown) =>
  api.call('POST', `/api/alerts/${alertId}/answer`, { token: person.token, body });

const details = async (token: string, alertId: string) =>
  (await api.call('GET', `/api/alerts/${alertId}`, { token })).body;

/** An SMS reply the way Twilio posts it: form-encoded, signed over the public URL and the fields. */
async function smsReply(from: string, text: string, messageSid: string) {
  const url = `${api.url}/api/webhooks/twilio/inbound-sms`;
  const params = { From: from, Body: text, MessageSid: messageSid, To: TWILIO_FROM };
  const response = await postAsTwilio(url, provider.fake.authToken, params);
  expect(response.status).toBe(200);
  return response.text();
}

const sid = () => `SM${Math.random().toString(16).slice(2).padEnd(32, '0')}`;

describe('sending with response options', () => {
  it('keeps the options, numbered, on the alert and in a draft', async () => {
    const { admin, persons } = await arrange();
    const alertId = await sendTo(admin, persons, [...DEFAULTS, { kind: 'other', label: '  On my way  ' }]);
    const alert = await details(admin.token, alertId);
    expect(alert.responseOptions).toEqual([
      { option: 1, kind: 'safe', label: null },
      { option: 2, kind: 'needsHelp', label: null },
      { option: 3, kind: 'other', label: 'On my way' },
    ]);
    expect(alert.answers).toEqual({ safe: 0, needsHelp: 0, other: 0, none: 1, accountedFor: 0 });
    expect(alert.myAnswer).toBeNull();

    const draft = await api.call('POST', '/api/alerts/alertDraft', {
      token: admin.token,
      // A default option as the details give it back (label null) is taken as it is.
      body: {
        title: 'Half written',
        responseOptions: [
          { kind: 'safe', label: null },
          { kind: 'needsHelp', label: 'Send help' },
        ],
      },
    });
    expect(draft.status).toBe(201);
    const stored = await api.db.alert.findUniqueOrThrow({ where: { id: draft.body.alertId } });
    expect(stored.responseOptions).toEqual([{ kind: 'safe' }, { kind: 'needsHelp', label: 'Send help' }]);
  });

  it('refuses 10 options, an empty label and an unknown kind with a clear 400', async () => {
    const { company, admin, persons } = await arrange();
    const send = (responseOptions: unknown) =>
      api.call('POST', '/api/alerts/alert', {
        token: admin.token,
        body: {
          title: 'Fire',
          message: 'Leave now',
          channels: ['sms'],
          target: { users: [persons[0].user.id] },
          responseOptions,
        },
      });
    const ten = await send(Array.from({ length: 10 }, () => ({ kind: 'safe' })));
    expect(ten.status).toBe(400);
    expect(ten.body.errors).toEqual(['There can be at most 9 response options']);
    const empty = await send([{ kind: 'safe', label: '  ' }]);
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual(['responseOptions.0.label is required']);
    const kind = await send([{ kind: 'bored' }]);
    expect(kind.status).toBe(400);
    expect(kind.body.errors).toEqual(['responseOptions.0.kind is not valid']);
    expect(await api.db.alert.count({ where: { companyId: company.id } })).toBe(0);
  });
});

describe('POST /api/alerts/{id}/answer', () => {
  it('records the answer, confirms receipt, and a later answer replaces it while every one is kept', async () => {
    const { company, admin, persons } = await arrange();
    const [person] = persons;
    const alertId = await sendTo(admin, persons);

    // The report and the dashboard reload on alertChanged: an answer announces it, live.
    const listener = await listenToCompany(api.url, admin.token, company.id);
    const announced = listener.next(`alertChangedCustomerId:${company.id}`);
    const first = await answer(person, alertId, { option: 2 });
    expect(await announced.finally(() => listener.close())).toEqual({ alertId });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      alertId,
      option: 2,
      kind: 'needsHelp',
      label: null,
      channel: 'app',
      answeredAt: expect.any(String),
      receivedAt: expect.any(String),
    });
    const recipient = await api.db.alertRecipient.findFirstOrThrow({ where: { alertId, userId: person.user.id } });
    expect(recipient).toMatchObject({ answerOption: 2, answerKind: 'needsHelp', answerChannel: 'app' });
    expect(recipient.receivedAt).not.toBeNull();

    const changed = await answer(person, alertId, { option: 1 });
    expect(changed.body).toMatchObject({ option: 1, kind: 'safe' });
    const history = await api.db.alertAnswer.findMany({ where: { alertId }, orderBy: { answeredAt: 'asc' } });
    expect(history.map((row) => [row.option, row.kind, row.channel])).toEqual([
      [2, 'needsHelp', 'app'],
      [1, 'safe', 'app'],
    ]);
    expect((await details(admin.token, alertId)).answers).toEqual({
      safe: 1,
      needsHelp: 0,
      other: 0,
      none: 0,
      accountedFor: 1,
    });
    expect((await details(person.token, alertId)).myAnswer).toMatchObject({ option: 1, kind: 'safe', channel: 'app' });
  });

  it('is 404 for one the alert did not alert and for another company, 401 without a session', async () => {
    const { company, admin, persons } = await arrange();
    const alertId = await sendTo(admin, persons);
    const bystander = await createMember(api.db, company.id);
    expect((await answer(bystander, alertId, { option: 1 })).status).toBe(404);
    const other = await arrange();
    const stranger = other.persons[0];
    const response = await answer(stranger, alertId, { option: 1 });
    expect(response.status).toBe(404);
    expect(response.body.errors).toEqual(['The alert was not found']);
    // A device that is not the person's own is unknown, before anything else is looked at.
    const device = await answer(persons[0], alertId, { option: 1, deviceId: '00000000-0000-4000-8000-000000000000' });
    expect([device.status, device.body.errors]).toEqual([404, ['The device was not found']]);
    const anonymous = await api.call('POST', `/api/alerts/${alertId}/answer`, { body: { option: 1 } });
    expect(anonymous.status).toBe(401);
    expect(await api.db.alertAnswer.count({ where: { alertId } })).toBe(0);
  });

  it('is 400 for a number that is none of the options, 409 once the alert is closed', async () => {
    const { admin, persons } = await arrange();
    const [person] = persons;
    const alertId = await sendTo(admin, persons);
    const three = await answer(person, alertId, { option: 3 });
    expect(three.status).toBe(400);
    expect(three.body.errors).toEqual(['option must be a number from 1 to 2']);
    expect((await answer(person, alertId, { option: 10 })).status).toBe(400);
    expect((await answer(person, alertId, {})).body.errors).toEqual(['option is required']);

    expect((await api.call('POST', `/api/alerts/${alertId}/close`, { token: admin.token, body: {} })).status).toBe(200);
    const closed = await answer(person, alertId, { option: 1 });
    expect(closed.status).toBe(409);
    expect(closed.body.errors).toEqual(['The alert is closed: it takes no more answers']);
    expect(await api.db.alertAnswer.count({ where: { alertId } })).toBe(0);
  });
});

describe('answers by SMS', () => {
  it('the SMS lists the options in the recipient’s language; a numbered reply answers once and confirms', async () => {
    const { admin, persons } = await arrange(1, 'no-nb');
    const [person] = persons;
    const phone = person.user.phone!;
    const alertId = await sendTo(admin, persons);
    await settledReceipts(api.db, alertId);
    const [sms] = await waitFor('the alert SMS', async () =>
      provider.fake.messages.filter((message) => message.to === phone),
    );
    expect(sms.body).toBe('Fire drill\nMeet at the gate\nSvar 1=Jeg er trygg, 2=Jeg trenger hjelp');

    const messageSid = sid();
    const thanks = await smsReply(phone, ' 2 ', messageSid);
    expect(thanks).toContain('<Message>Takk. Svaret ditt "Jeg trenger hjelp" er registrert.</Message>');
    // Twilio retries a webhook it got no answer to: the same message answers once.
    expect(await smsReply(phone, ' 2 ', messageSid)).toBe(thanks);
    expect(await api.db.alertAnswer.count({ where: { alertId } })).toBe(1);
    const recipient = await api.db.alertRecipient.findFirstOrThrow({ where: { alertId, userId: person.user.id } });
    expect(recipient).toMatchObject({ answerOption: 2, answerKind: 'needsHelp', answerChannel: 'sms' });
    expect(recipient.receivedAt).not.toBeNull();
    expect((await api.db.receipt.findFirstOrThrow({ where: { alertId, channel: 'sms' } })).state).toBe('received');

    // The person changes their mind in the app: the latest answer counts, both are kept.
    expect((await answer(person, alertId, { option: 1 })).status).toBe(200);
    const history = await api.db.alertAnswer.findMany({ where: { alertId }, orderBy: { answeredAt: 'asc' } });
    expect(history.map((row) => [row.option, row.channel, row.providerId])).toEqual([
      [2, 'sms', messageSid],
      [1, 'app', null],
    ]);
  });

  it('a number that is no option gets the valid ones back; a reply after the alert closed says it is closed', async () => {
    const { admin, persons } = await arrange(1, 'en-us');
    const [person] = persons;
    const phone = person.user.phone!;
    const alertId = await sendTo(admin, persons, [...DEFAULTS, { kind: 'other', label: 'On my way' }]);
    await settledReceipts(api.db, alertId);

    expect(await smsReply(phone, '7', sid())).toContain(
      "<Message>That is not one of the answers. Reply 1=I'm safe, 2=I need help, 3=On my way</Message>",
    );
    expect(await api.db.alertAnswer.count({ where: { alertId } })).toBe(0);
    expect(await smsReply(phone, '3', sid())).toContain(
      '<Message>Thank you. Your answer "On my way" is registered.</Message>',
    );

    await api.call('POST', `/api/alerts/${alertId}/close`, { token: admin.token, body: {} });
    expect(await smsReply(phone, '1', sid())).toContain(
      '<Message>This alert is closed and takes no more answers.</Message>',
    );
    const recipient = await api.db.alertRecipient.findFirstOrThrow({ where: { alertId, userId: person.user.id } });
    expect(recipient).toMatchObject({ answerOption: 3, answerKind: 'other' });
  });

  it('without options, "1" still confirms as before and answers nothing', async () => {
    const { admin, persons } = await arrange();
    const [person] = persons;
    const alertId = await sendTo(admin, persons, []);
    await settledReceipts(api.db, alertId);
    expect(await smsReply(person.user.phone!, '1', sid())).toContain('Your confirmation is registered.');
    expect(await api.db.alertAnswer.count({ where: { alertId } })).toBe(0);
  });
});

describe('answers on the delivery report, the details and the export', () => {
  it('counts each kind and those without an answer, and filters the report by answer', async () => {
    const { admin, persons } = await arrange(3);
    const [safe, helpless] = persons;
    const alertId = await sendTo(admin, persons);
    await settledReceipts(api.db, alertId);
    await answer(safe, alertId, { option: 1 });
    await smsReply(helpless.user.phone!, '2', sid());
    const counts = { safe: 1, needsHelp: 1, other: 0, none: 1, accountedFor: 2 };

    const report = await api.call('GET', `/api/alerts/${alertId}/deliveries`, { token: admin.token });
    expect(report.status).toBe(200);
    expect(report.body.answers).toEqual(counts);
    expect(report.body.items.map((item: { name: string; answer: unknown }) => [item.name, item.answer])).toEqual([
      ['Person 1', { option: 1, kind: 'safe', label: null, channel: 'app', answeredAt: expect.any(String) }],
      ['Person 2', { option: 2, kind: 'needsHelp', label: null, channel: 'sms', answeredAt: expect.any(String) }],
      ['Person 3', null],
    ]);
    const filtered = async (kind: string) =>
      (await api.call('GET', `/api/alerts/${alertId}/deliveries?answer=${kind}`, { token: admin.token })).body;
    expect((await filtered('needsHelp')).items.map((item: { name: string }) => item.name)).toEqual(['Person 2']);
    const none = await filtered('none');
    expect([none.total, none.items[0].name]).toEqual([1, 'Person 3']);
    expect((await filtered('other')).total).toBe(0);
    expect(
      (await api.call('GET', `/api/alerts/${alertId}/deliveries?answer=maybe`, { token: admin.token })).status,
    ).toBe(400);
    expect((await details(admin.token, alertId)).answers).toEqual(counts);

    const day = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Oslo' });
    const exported = await fetch(`${api.url}/api/alerts/export?from=${day}&to=${day}&locale=en-us`, {
      headers: { Authorization: `Bearer ${admin.token}`, 'X-Api-Version': '2.2' },
    });
    expect(exported.status).toBe(200);
    const [header, row] = Papa.parse<string[]>((await exported.text()).replace(/^\uFEFF/, ''), {
      skipEmptyLines: true,
    }).data;
    const cell = (name: string) => row[header.indexOf(name)];
    expect(['Safe', 'Needs help', 'Other', 'No answer yet', 'Accounted for'].map(cell)).toEqual([
      '1',
      '1',
      '0',
      '1',
      '2',
    ]);
  });
});
