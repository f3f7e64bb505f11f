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

async function arrange(people = 1, locale = 'en-us', plan: 'professional' | 'enterprise' = 'professional') {
  const company = await createCompany(api.db, { plan });
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
    // The options, then the person's own tap-to-answer link (PUBLIC_URL/a/<22 characters>).
    expect(sms.body).toMatch(
      /^Fire drill\nMeet at the gate\nSvar 1=Jeg er trygg, 2=Jeg trenger hjelp eller trykk http\S+\/a\/[\w-]{22}$/,
    );

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

describe('answers by a key press in the alert call', () => {
  /** An alert call to one person (company in en-us, the person in `locale`), its voice receipt delivered. */
  async function calledAlert(locale = 'no-nb', responseOptions: unknown = DEFAULTS) {
    const { company, admin, persons } = await arrange(1, locale, 'enterprise');
    const [person] = persons;
    const alertId = await sendTo(admin, persons, responseOptions, ['voice']);
    await settledReceipts(api.db, alertId);
    const press = (step: number, Digits: string | null, CallSid = 'CAanswers', signature?: string) => {
      const url = `${api.url}/api/webhooks/twilio/voice-gather?alertId=${alertId}&userId=${person.user.id}${step ? `&step=${step}` : ''}`;
      const params: Record<string, string> = Digits === null ? { CallSid } : { CallSid, Digits };
      return signature === undefined
        ? postAsTwilio(url, provider.fake.authToken, params)
        : fetch(url, {
            method: 'POST',
            headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Twilio-Signature': signature },
            body: new URLSearchParams(params).toString(),
          });
    };
    const said = async (step: number, Digits: string | null) => {
      const response = await press(step, Digits);
      expect(response.status).toBe(200);
      return response.text();
    };
    const recipient = () => api.db.alertRecipient.findFirstOrThrow({ where: { alertId, userId: person.user.id } });
    return { company, admin, person, alertId, press, said, recipient };
  }

  it('reads the options in the person’s language; a pressed option answers once, confirms and says which answer', async () => {
    const { admin, alertId, said, recipient } = await calledAlert('no-nb');
    // The call's first request: the alert in the company's voice, then the options in the person's language (the
    // company's English voice does not speak Norwegian: Norwegian's default voice reads them). Keys go to step 1.
    const call = await said(0, null);
    expect(call).toContain('Fire drill. Meet at the gate</Say>');
    expect(call).toContain(
      '<Say voice="Polly.Liv" language="nb-NO">For Jeg er trygg, trykk 1.</Say>' +
        '<Say voice="Polly.Liv" language="nb-NO">For Jeg trenger hjelp, trykk 2.</Say>',
    );
    expect(call).not.toContain('Press 1 to confirm');
    expect(call).toMatch(/action="[^"]*voice-gather\?alertId=[^"]*&amp;step=1"/);
    expect(await api.db.alertAnswer.count({ where: { alertId } })).toBe(0);

    const answered = await said(1, '2');
    expect(answered).toContain(
      '<Say voice="Polly.Liv" language="nb-NO">Svaret ditt er registrert: Jeg trenger hjelp.</Say>',
    );
    expect(answered).toContain('Trykk et annet tall for å endre svaret.');
    expect(answered).toMatch(/&amp;step=2"/);
    expect(answered.endsWith('<Hangup/></Response>')).toBe(true);
    // Twilio posts the same key press again (no answer reached it): one answer.
    expect(await said(1, '2')).toBe(answered);
    expect(await api.db.alertAnswer.count({ where: { alertId } })).toBe(1);
    const first = await recipient();
    expect(first).toMatchObject({ answerOption: 2, answerKind: 'needsHelp', answerChannel: 'voice' });
    expect(first.receivedAt).not.toBeNull();
    expect((await api.db.receipt.findFirstOrThrow({ where: { alertId, channel: 'voice' } })).state).toBe('received');

    // Later in the same call the person changes their answer, and back again: each press is an answer of its own.
    expect(await said(2, '1')).toContain('Svaret ditt er registrert: Jeg er trygg.');
    expect(await said(3, '2')).toContain('Svaret ditt er registrert: Jeg trenger hjelp.');
    const history = await api.db.alertAnswer.findMany({ where: { alertId }, orderBy: { answeredAt: 'asc' } });
    expect(history.map((row) => [row.option, row.channel, row.providerId])).toEqual([
      [2, 'voice', 'CAanswers:1:2'],
      [1, 'voice', 'CAanswers:2:1'],
      [2, 'voice', 'CAanswers:3:2'],
    ]);
    expect(await recipient()).toMatchObject({ answerOption: 2, answerChannel: 'voice' });
    // The report shows the latest answer with its channel.
    const report = await api.call('GET', `/api/alerts/${alertId}/deliveries`, { token: admin.token });
    expect(report.body.items[0].answer).toMatchObject({ option: 2, kind: 'needsHelp', channel: 'voice' });
  });

  it('a key that is no option reads the options again; an unsigned or forged press is refused', async () => {
    const { alertId, press, said } = await calledAlert('en-us');
    const again = await said(1, '7');
    // The company speaks the person's language: its own voice reads the options.
    expect(again).toContain(
      '<Say voice="Polly.Joanna" language="en-US">For I\'m safe, press 1.</Say>' +
        '<Say voice="Polly.Joanna" language="en-US">For I need help, press 2.</Say>',
    );
    expect(again).not.toContain('Fire drill');
    expect(await said(1, '*')).toContain('For I need help, press 2.');
    expect((await press(1, '1', 'CAanswers', 'forged')).status).toBe(403);
    expect((await press(1, '1', 'CAanswers', '')).status).toBe(403);
    expect(await api.db.alertAnswer.count({ where: { alertId } })).toBe(0);
  });

  it('a closed alert says it is closed and takes no answer; without options, 1 still only confirms', async () => {
    const { admin, alertId, said } = await calledAlert('en-us');
    expect((await api.call('POST', `/api/alerts/${alertId}/close`, { token: admin.token, body: {} })).status).toBe(200);
    expect(await said(1, '1')).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Say voice="Polly.Joanna" language="en-US">' +
        'This alert is closed and takes no more answers. Goodbye.</Say><Hangup/></Response>',
    );
    expect(await api.db.alertAnswer.count({ where: { alertId } })).toBe(0);

    const plain = await calledAlert('en-us', []);
    expect(await plain.said(0, null)).toContain('Press 1 to confirm');
    expect(await plain.said(0, '1')).toContain('Your confirmation has been registered.');
    expect(await api.db.alertAnswer.count({ where: { alertId: plain.alertId } })).toBe(0);
    expect((await plain.recipient()).receivedAt).not.toBeNull();
  });
});

describe('answers by the tap-to-answer link of the alert SMS', () => {
  /** People alerted by SMS with options; each person's tap-to-answer link token, read from the SMS they got. */
  async function linkedAlert(people = 1, locale = 'en-us') {
    const arranged = await arrange(people, locale);
    const alertId = await sendTo(arranged.admin, arranged.persons);
    await settledReceipts(api.db, alertId);
    const tokens: string[] = [];
    for (const person of arranged.persons) {
      const [sms] = await waitFor('the alert SMS', async () =>
        provider.fake.messages.filter((message) => message.to === person.user.phone),
      );
      const link = /(\S+\/a\/([\w-]{22}))$/.exec(sms.body);
      expect(link).not.toBeNull();
      expect(link![1]).toBe(`${api.url}/a/${link![2]}`);
      tokens.push(link![2]);
    }
    return { ...arranged, alertId, tokens };
  }
  const tap = (token: string, body: unknown) => api.call('POST', `/api/answerLinks/${token}`, { body });
  const openPage = (token: string) => fetch(`${api.url}/a/${token}`);

  it('opening the page records nothing; a tap answers, confirms the SMS and may change', async () => {
    const { company, admin, persons, alertId, tokens } = await linkedAlert(1, 'sv-se');
    const [person] = persons;
    // A link scanner (or the person) opens the page: it shows the alert and the options in the person's language.
    const page = await openPage(tokens[0]);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Fire drill');
    expect(html).toContain('Meet at the gate');
    expect(html).toContain('Jag är i säkerhet');
    expect(html).toContain('Jag behöver hjälp');
    expect(await api.db.alertAnswer.count({ where: { alertId } })).toBe(0);
    const unopened = await api.db.alertRecipient.findFirstOrThrow({ where: { alertId, userId: person.user.id } });
    expect(unopened.receivedAt).toBeNull();

    const listener = await listenToCompany(api.url, admin.token, company.id);
    const announced = listener.next(`alertChangedCustomerId:${company.id}`);
    const first = await tap(tokens[0], { option: 2 });
    expect(await announced.finally(() => listener.close())).toEqual({ alertId });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      option: 2,
      kind: 'needsHelp',
      label: null,
      channel: 'link',
      answeredAt: expect.any(String),
    });
    const answered = await api.db.alertRecipient.findFirstOrThrow({ where: { alertId, userId: person.user.id } });
    expect(answered).toMatchObject({ answerOption: 2, answerKind: 'needsHelp', answerChannel: 'link' });
    expect(answered.receivedAt).not.toBeNull();
    expect((await api.db.receipt.findFirstOrThrow({ where: { alertId, channel: 'sms' } })).state).toBe('received');

    expect((await tap(tokens[0], { option: 1 })).status).toBe(200);
    expect(await api.db.alertAnswer.count({ where: { alertId, channel: 'link' } })).toBe(2);
    // Opened again, the page shows the current answer.
    expect(await (await openPage(tokens[0])).text()).toContain('Ditt svar nu: Jag är i säkerhet');
    const report = await api.call('GET', `/api/alerts/${alertId}/deliveries`, { token: admin.token });
    expect(report.body.items[0].answer).toMatchObject({ option: 1, kind: 'safe', channel: 'link' });
  });

  it('400 for a number that is no option, 404 for an unknown link, 409 once the alert closed; GET is no tap', async () => {
    const { admin, alertId, tokens } = await linkedAlert();
    const three = await tap(tokens[0], { option: 3 });
    expect(three.status).toBe(400);
    expect(three.body.errors).toEqual(['option must be a number from 1 to 2']);
    expect((await tap(tokens[0], { option: 'one' })).status).toBe(400);
    expect((await tap(tokens[0], {})).body.errors).toEqual(['option is required']);

    const unknown = 'A'.repeat(22);
    for (const token of [unknown, 'abc', `${tokens[0]}x`]) {
      const refused = await tap(token, { option: 1 });
      expect(refused.status).toBe(404);
      expect((await openPage(token)).status).toBe(404);
    }
    expect((await api.call('GET', `/api/answerLinks/${tokens[0]}`)).status).toBe(405);
    expect(await api.db.alertAnswer.count({ where: { alertId } })).toBe(0);

    await api.call('POST', `/api/alerts/${alertId}/close`, { token: admin.token, body: {} });
    const closed = await tap(tokens[0], { option: 1 });
    expect(closed.status).toBe(409);
    expect(closed.body.errors).toEqual(['The alert is closed: it takes no more answers']);
    expect(await (await openPage(tokens[0])).text()).toContain('This alert is closed and takes no more answers.');
    expect(await api.db.alertAnswer.count({ where: { alertId } })).toBe(0);
  });

  it('a link answers for its own person only: never another person’s, nor another company’s alert', async () => {
    const ours = await linkedAlert(2);
    const theirs = await linkedAlert(1);
    expect(new Set([...ours.tokens, ...theirs.tokens]).size).toBe(3);

    expect((await tap(ours.tokens[0], { option: 2 })).status).toBe(200);
    const rows = await api.db.alertRecipient.findMany({
      where: { alertId: { in: [ours.alertId, theirs.alertId] } },
      orderBy: { answeredAt: 'asc' },
    });
    const answeredBy = rows.filter((row) => row.answerOption !== null).map((row) => row.userId);
    expect(answeredBy).toEqual([ours.persons[0].user.id]);
    expect(await api.db.alertAnswer.count({ where: { alertId: theirs.alertId } })).toBe(0);
    // The other company's link answers its own alert, and only that.
    expect((await tap(theirs.tokens[0], { option: 1 })).status).toBe(200);
    const theirAnswer = await api.db.alertAnswer.findFirstOrThrow({ where: { alertId: theirs.alertId } });
    expect([theirAnswer.userId, theirAnswer.companyId]).toEqual([theirs.persons[0].user.id, theirs.company.id]);
    expect(await api.db.alertAnswer.count({ where: { alertId: ours.alertId } })).toBe(1);
  });
});
