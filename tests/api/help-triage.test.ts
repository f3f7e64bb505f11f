import { describe, it, expect } from '@jest/globals';
import { settledReceipts, waitFor } from '../helpers/alert-delivery';
import { createCompany, createMember } from '../helpers/fixtures';
import { postAsTwilio } from '../helpers/post-as-twilio';
import { TWILIO_FROM, useTwilioApiContext } from '../helpers/twilio-api-context';

// The "needs help" triage of response options (issue 36): the people who can act are told at once by push and e-mail
// (the outbox records both: no push provider nor SMTP here), the sender and admins see the queue and mark each need
// handled with a note. The real server and worker run; SMS replies are signed as Twilio signs them.
const provider = useTwilioApiContext();
const api = provider.api;

type Member = Awaited<ReturnType<typeof createMember>>;

async function arrange() {
  const company = await createCompany(api.db, { name: 'Triage AS' });
  const sender = await createMember(api.db, company.id, 'admin', 'Sam Sender');
  const admin = await createMember(api.db, company.id, 'admin', 'Ada Admin');
  const colleague = await createMember(api.db, company.id, 'user', 'Cole Colleague');
  const person = await createMember(api.db, company.id, 'user', 'Pia Person');
  await api.db.device.create({
    data: { userId: admin.user.id, name: 'Ada phone', platform: 'android', pushToken: `token-${admin.user.id}` },
  });
  return { company, sender, admin, colleague, person };
}

async function sendTo(sender: Member, people: Member[]) {
  const response = await api.call('POST', '/api/alerts/alert', {
    token: sender.token,
    body: {
      title: 'Gas leak',
      message: 'Leave building B',
      channels: ['sms'],
      target: { users: people.map((each) => each.user.id) },
      responseOptions: [{ kind: 'safe' }, { kind: 'needsHelp' }],
    },
  });
  expect(response.status).toBe(201);
  return response.body.alertId as string;
}

const answer = (person: Member, alertId: string, option: number) =>
  api.call('POST', `/api/alerts/${alertId}/answer`, { token: person.token, body: { option } });
const queue = (token: string, alertId: string) => api.call('GET', `/api/alerts/${alertId}/help`, { token });
const handle = (token: string, alertId: string, userId: string, body: unknown = {}) =>
  api.call('POST', `/api/alerts/${alertId}/help/${userId}`, { token, body });

/** What the outbox recorded for the company once `count` rows are there (push and e-mail). */
async function notices(companyId: string, count: number) {
  return waitFor(`${count} notices`, async () => {
    const rows = await api.db.outboundMessage.findMany({
      where: { companyId, channel: { in: ['email', 'push'] } },
      orderBy: { recipient: 'asc' },
    });
    return rows.length >= count && rows;
  });
}

describe('someone needs help', () => {
  it('tells the sender and the admins by push and e-mail at once, never the person or other members', async () => {
    const { company, sender, admin, person } = await arrange();
    const alertId = await sendTo(sender, [person]);
    expect((await answer(person, alertId, 2)).status).toBe(200);

    const told = await notices(company.id, 3);
    const emails = told.filter((row) => row.channel === 'email');
    expect(emails.map((row) => row.recipient).sort()).toEqual([admin.user.email, sender.user.email].sort());
    expect(emails[0]).toMatchObject({ subject: 'Pia Person needs help – Triage AS' });
    expect(emails[0].body).toContain('Gas leak');
    expect(emails[0].body).toContain('I need help');
    expect(emails[0].body).toContain(`/alerts/${alertId}`);
    const [push] = told.filter((row) => row.channel === 'push');
    expect(push).toMatchObject({ alertId, recipient: 'Ada phone', body: 'Pia Person needs help\nGas leak' });
    expect(push.payload).toMatchObject({
      type: 'helpNeeded',
      alertId,
      personName: 'Pia Person',
      userId: admin.user.id,
    });

    // A safe answer tells nobody; a second "needs help" is a notice of its own.
    await answer(person, alertId, 1);
    await answer(person, alertId, 2);
    expect((await notices(company.id, 6)).length).toBe(6);
  });

  it('tells only the help team when the company names one', async () => {
    const { company, sender, admin, colleague, person } = await arrange();
    const team = await api.db.team.create({ data: { companyId: company.id, name: 'First aid' } });
    await api.db.teamMember.create({ data: { teamId: team.id, userId: colleague.user.id } });
    expect(
      (await api.call('POST', '/api/customerSettings/helpTeam', { token: admin.token, body: { value: team.id } }))
        .status,
    ).toBe(200);
    const alertId = await sendTo(sender, [person]);
    await answer(person, alertId, 2);
    const told = await notices(company.id, 1);
    // Give a wrongly queued notice to the admins time to show before checking there is none.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await notices(company.id, 1)).map((row) => [row.channel, row.recipient])).toEqual([
      ['email', colleague.user.email],
    ]);
    expect(told).toHaveLength(1);
  });

  it('an SMS reply delivered twice tells once', async () => {
    const { company, sender, person } = await arrange();
    const phone = `+4790${String(Date.now()).slice(-6)}`;
    await api.db.user.update({ where: { id: person.user.id }, data: { phone } });
    const alertId = await sendTo(sender, [person]);
    await waitFor('the alert SMS sent', () =>
      api.db.receipt.findFirst({ where: { alertId, channel: 'sms', state: { notIn: ['pending', 'processing'] } } }),
    );
    const params = { From: phone, Body: '2', MessageSid: `SM${'7'.repeat(32)}${Date.now()}`, To: TWILIO_FROM };
    for (let time = 0; time < 2; time += 1) {
      const reply = await postAsTwilio(`${api.url}/api/webhooks/twilio/inbound-sms`, provider.fake.authToken, params);
      expect(reply.status).toBe(200);
    }
    await notices(company.id, 3);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await api.db.outboundMessage.count({ where: { companyId: company.id, channel: 'email' } })).toBe(2);
    expect(await api.db.alertAnswer.count({ where: { alertId } })).toBe(1);
  });
});

describe('the triage queue: GET /api/alerts/{id}/help and POST /api/alerts/{id}/help/{userId}', () => {
  it('lists who needs help, marks a need handled with a note and who, and opens it again on a new answer', async () => {
    const { company, sender, admin, person, colleague } = await arrange();
    const alertId = await sendTo(sender, [person, colleague]);
    await answer(colleague, alertId, 1);
    await answer(person, alertId, 2);

    const open = await queue(sender.token, alertId);
    expect(open.status).toBe(200);
    expect(open.body).toMatchObject({
      open: 1,
      items: [
        {
          userId: person.user.id,
          name: 'Pia Person',
          answer: { option: 2, kind: 'needsHelp', channel: 'app' },
          handled: null,
        },
      ],
    });

    const handled = await handle(admin.token, alertId, person.user.id, { note: '  Called her: the nurse is there  ' });
    expect(handled.status).toBe(200);
    expect(handled.body.handled).toMatchObject({ byName: 'Ada Admin', note: 'Called her: the nurse is there' });
    const after = await queue(sender.token, alertId);
    expect(after.body).toMatchObject({
      open: 0,
      items: [{ userId: person.user.id, handled: { byName: 'Ada Admin', note: 'Called her: the nurse is there' } }],
    });
    expect(
      await api.db.auditLog.count({
        where: { companyId: company.id, action: 'alert.helpHandled', actorId: admin.user.id },
      }),
    ).toBe(1);

    // Handled already: 409 with a clear message; a new "needs help" opens it again, a safe answer takes them off.
    const again = await handle(sender.token, alertId, person.user.id);
    expect(again.status).toBe(409);
    expect(again.body.errors).toEqual(['This person does not need help now, or their need was handled already']);
    await answer(person, alertId, 2);
    expect((await queue(sender.token, alertId)).body).toMatchObject({ open: 1, items: [{ handled: null }] });
    await answer(person, alertId, 1);
    expect((await queue(sender.token, alertId)).body).toEqual({ open: 0, items: [] });
    expect((await handle(sender.token, alertId, person.user.id)).status).toBe(409);
    // Someone who answered safe never needed help.
    expect((await handle(sender.token, alertId, colleague.user.id)).status).toBe(409);
  });

  it('refuses bad input, other recipients, another company and no session', async () => {
    const { sender, person, colleague } = await arrange();
    const alertId = await sendTo(sender, [person, colleague]);
    await answer(person, alertId, 2);

    const long = await handle(sender.token, alertId, person.user.id, { note: 'x'.repeat(1001) });
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual(['note cannot be longer than 1000 characters']);
    expect((await handle(sender.token, alertId, 'not-a-user')).status).toBe(400);
    expect((await queue(sender.token, 'not-an-alert')).status).toBe(404);
    // A person the alert did not alert.
    const stranger = await createMember(api.db, (await createCompany(api.db)).id, 'user', 'Stranger');
    expect((await handle(sender.token, alertId, stranger.user.id)).status).toBe(404);

    // Another recipient sees the alert but not the queue, and cannot handle.
    expect((await queue(colleague.token, alertId)).status).toBe(403);
    expect((await handle(colleague.token, alertId, person.user.id)).status).toBe(403);

    // Another company's admin: the alert is unknown to them.
    const other = await createCompany(api.db);
    const otherAdmin = await createMember(api.db, other.id, 'admin', 'Other Admin');
    expect((await queue(otherAdmin.token, alertId)).status).toBe(404);
    expect((await handle(otherAdmin.token, alertId, person.user.id)).status).toBe(404);

    expect((await api.call('GET', `/api/alerts/${alertId}/help`)).status).toBe(401);
    expect((await api.call('POST', `/api/alerts/${alertId}/help/${person.user.id}`, { body: {} })).status).toBe(401);
    expect((await queue(sender.token, alertId)).body.open).toBe(1);
  });
});

describe('GET /api/dash/answers', () => {
  it('counts the answers of the active alerts that ask, with the needs of help still open, for admins only', async () => {
    const { sender, admin, colleague, person } = await arrange();
    const alertId = await sendTo(sender, [person, colleague]);
    await answer(person, alertId, 2);
    await answer(colleague, alertId, 1);
    // An alert that asks nothing is not listed.
    await api.call('POST', '/api/alerts/alert', {
      token: sender.token,
      body: { title: 'Lunch', message: 'Pizza in the canteen', channels: ['sms'], target: { company: true } },
    });

    const card = await api.call('GET', '/api/dash/answers', { token: admin.token });
    expect(card.status).toBe(200);
    expect(card.body.alerts).toEqual([
      {
        id: alertId,
        title: 'Gas leak',
        alertType: 'urgentAlert',
        sentAt: expect.any(String),
        answers: { safe: 1, needsHelp: 1, other: 0, none: 0, accountedFor: 2 },
        needsHelpOpen: 1,
      },
    ]);
    await handle(admin.token, alertId, person.user.id);
    expect((await api.call('GET', '/api/dash/answers', { token: admin.token })).body.alerts[0].needsHelpOpen).toBe(0);

    // Another company's admin sees none of them; a member and no session are refused.
    const other = await createMember(api.db, (await createCompany(api.db)).id, 'admin', 'Other Admin');
    expect((await api.call('GET', '/api/dash/answers', { token: other.token })).body.alerts).toEqual([]);
    expect((await api.call('GET', '/api/dash/answers', { token: colleague.token })).status).toBe(403);
    expect((await api.call('GET', '/api/dash/answers')).status).toBe(401);
  });
});

describe('POST /api/alerts/{id}/reask', () => {
  const reask = (token: string | undefined, alertId: string) =>
    api.call('POST', `/api/alerts/${alertId}/reask`, { token, body: {} });
  const smsTo = (phone: string) => provider.fake.messages.filter((message) => message.to === phone).length;

  it('asks again who has not answered, on the channels not known to fail for them, once per re-ask', async () => {
    const { company, sender, admin, colleague, person } = await arrange();
    const quiet = await createMember(api.db, company.id, 'user', 'Quinn Quiet');
    const optedOut = await createMember(api.db, company.id, 'user', 'Otto Out');
    await api.db.smsOptOut.create({
      data: { phone: optedOut.user.phone!, source: 'keyword', keyword: 'STOP', optedOutAt: new Date() },
    });
    const alertId = await sendTo(sender, [person, colleague, quiet, optedOut]);
    await settledReceipts(api.db, alertId);
    // Pia answers; Cole confirms without answering; Quinn says nothing; Otto's number opted out of SMS.
    await answer(person, alertId, 1);
    await api.call('POST', `/api/alerts/${alertId}/received`, { token: colleague.token, body: {} });
    const before = {
      pia: smsTo(person.user.phone!),
      cole: smsTo(colleague.user.phone!),
      quinn: smsTo(quiet.user.phone!),
    };

    const first = await reask(admin.token, alertId);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ alertId, round: 2, reasks: 1, people: 2 });
    await settledReceipts(api.db, alertId);
    expect({
      pia: smsTo(person.user.phone!),
      cole: smsTo(colleague.user.phone!),
      quinn: smsTo(quiet.user.phone!),
    }).toEqual({ pia: before.pia, cole: before.cole + 1, quinn: before.quinn + 1 });
    expect(smsTo(optedOut.user.phone!)).toBe(0);
    const round2 = await api.db.receipt.findMany({
      where: { alertId, round: 2 },
      select: { userId: true, state: true },
    });
    expect(round2.map((receipt) => receipt.userId).sort()).toEqual([colleague.user.id, quiet.user.id].sort());
    expect(round2.every((receipt) => receipt.state === 'sent' || receipt.state === 'delivered')).toBe(true);

    // Cole answers now: the next re-ask is for Quinn only, as round 3; the report tags the rounds.
    await answer(colleague, alertId, 1);
    expect((await reask(sender.token, alertId)).body).toMatchObject({ round: 3, people: 1 });
    const report = await api.call('GET', `/api/alerts/${alertId}/deliveries?inTarget=true`, { token: admin.token });
    const quinnsRow = report.body.items.find((row: { userId: string }) => row.userId === quiet.user.id);
    expect(quinnsRow.channels.map((channel: { round: number }) => channel.round)).toEqual([1, 2, 3]);
    expect(await api.db.auditLog.count({ where: { action: 'alert.reasked', entityId: alertId } })).toBe(2);
  });

  it('refuses a closed alert, one that asks nothing, other recipients, another company and no session', async () => {
    const { sender, colleague, person } = await arrange();
    const alertId = await sendTo(sender, [person, colleague]);
    expect((await reask(colleague.token, alertId)).status).toBe(403);
    const other = await createMember(api.db, (await createCompany(api.db)).id, 'admin', 'Other Admin');
    expect((await reask(other.token, alertId)).status).toBe(404);
    expect((await reask(undefined, alertId)).status).toBe(401);
    expect((await reask(sender.token, 'not-an-alert')).status).toBe(404);

    const plain = await api.call('POST', '/api/alerts/alert', {
      token: sender.token,
      body: { title: 'Lunch', message: 'Pizza in the canteen', channels: ['sms'], target: { users: [person.user.id] } },
    });
    const nothing = await reask(sender.token, plain.body.alertId);
    expect(nothing.status).toBe(409);
    expect(nothing.body).toMatchObject({ code: 'noResponseOptions' });

    await api.call('POST', `/api/alerts/${alertId}/close`, { token: sender.token, body: {} });
    const closed = await reask(sender.token, alertId);
    expect(closed.status).toBe(409);
    expect(closed.body).toMatchObject({ code: 'alertClosed' });
    expect(await api.db.receipt.count({ where: { alertId, round: { gt: 1 } } })).toBe(0);
  });
});
