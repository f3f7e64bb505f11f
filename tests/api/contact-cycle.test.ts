import { describe, it, expect } from '@jest/globals';
import { Queue } from 'bullmq';
import { CONTACT_CYCLE_JOBS, contactStepJobId } from '@/lib/queue';
import { receiptKeyQuery } from '@/lib/receipts/receipt-key';
import { settledReceipts, waitFor } from '../helpers/alert-delivery';
import { createCompany, createMember } from '../helpers/fixtures';
import { postAsTwilio } from '../helpers/post-as-twilio';
import { uniquePhone } from '../helpers/phone';
import { useDeliveryQueue } from '../helpers/queued-jobs';
import { useTwilioApiContext } from '../helpers/twilio-api-context';

// The contact cycle until confirmed (issue 36; lib/contact-cycle): an alarm goes push → fallback SMS → call → push → SMS
// → call (two rounds by default), each step a delayed job that reaches who has neither confirmed nor answered, once.
// Short times: the fallback SMS after FALLBACK_SMS_DELAY_SECONDS, and a minute of the cycle's settings lasting
// CONTACT_CYCLE_MINUTE_SECONDS (both set for the worker only; unit tests cover the cycle's times at their defaults).
// With one-minute intervals: SMS at 2 s, call at 4 s, the second round's push at 6 s, its SMS at 8 s, its call at 10 s.
const MINUTE_SECONDS = 2;
const provider = useTwilioApiContext(
  {
    FALLBACK_SMS_DELAY_SECONDS: '2',
    CONTACT_CYCLE_MINUTE_SECONDS: String(MINUTE_SECONDS),
    TWILIO_CALLS_PER_SECOND: '50',
  },
  { callsPerSecond: 50 },
);
const api = provider.api;
const queue = useDeliveryQueue(api);

type Member = Awaited<ReturnType<typeof createMember>>;

const change = (admin: Member, name: string, value: unknown) =>
  api.call('POST', `/api/customerSettings/${name}`, { token: admin.token, body: { value } });

/** An enterprise company (calls) whose people have a phone and the app, its cycle at one-minute intervals. */
async function arrange(names: string[]) {
  const company = await createCompany(api.db, { plan: 'enterprise' });
  const admin = await createMember(api.db, company.id, 'admin', 'Ada Admin');
  const people: Member[] = [];
  for (const name of names) people.push(await createMember(api.db, company.id, 'user', name));
  for (const person of [admin, ...people]) {
    await api.db.user.update({ where: { id: person.user.id }, data: { phone: uniquePhone() } });
    await api.db.device.create({
      data: { userId: person.user.id, name: 'Phone', platform: 'android', pushToken: `token-${person.user.id}` },
    });
  }
  expect((await change(admin, 'contactCycleCallAfterMinutes', 1)).status).toBe(200);
  expect((await change(admin, 'contactCycleRepeatAfterMinutes', 1)).status).toBe(200);
  const phoneOf = async (member: Member) =>
    (await api.db.user.findUniqueOrThrow({ where: { id: member.user.id } })).phone as string;
  return { company, admin, people, phoneOf };
}

async function sendAlarm(admin: Member, companyId: string, severity = 'alarm'): Promise<string> {
  const sent = await api.call('POST', `/api/alerts/${severity === 'alarm' ? 'alarm' : 'alert'}`, {
    token: admin.token,
    customerId: companyId,
    body: {
      severity,
      title: 'Fire in hall B',
      message: 'Leave by the east exit',
      channels: ['push'],
      target: { company: true },
      responseOptions: [{ kind: 'safe' }, { kind: 'needsHelp' }],
    },
  });
  expect(sent.status).toBe(201);
  return sent.body.alertId;
}

const smsTo = (phone: string) => provider.fake.messages.filter((message) => message.to === phone).length;
const callsTo = (phone: string) => provider.fake.calls.filter((call) => call.to === phone).length;

/** A person's receipts in the order they were added: [channel, fallback, round, state]. */
async function stepsOf(alertId: string, member: Member) {
  const receipts = await api.db.receipt.findMany({
    where: { alertId, userId: member.user.id },
    orderBy: [{ createdAt: 'asc' }, { round: 'asc' }],
  });
  return receipts.map((receipt) => [receipt.channel, receipt.fallback, receipt.round, receipt.state]);
}

const cycleDone = (alertId: string) =>
  waitFor(
    'the contact cycle to go through its steps',
    async () => (await api.db.contactCycle.findUnique({ where: { alertId } }))?.nextStepAt === null,
    40_000,
  );

describe('the contact cycle of an alarm', () => {
  it('reaches a silent person by push, SMS and call in two rounds, once each and in order; skips who confirmed or answered', async () => {
    const { company, admin, people, phoneOf } = await arrange(['Sam Silent', 'Carl Confirms', 'Anna Answers']);
    const [silent, confirmer, answerer] = people;
    const alertId = await sendAlarm(admin, company.id);
    // The admin confirms at once: no step reaches her.
    expect(
      (
        await api.call('POST', `/api/alerts/${alertId}/received`, {
          token: admin.token,
          customerId: company.id,
          body: {},
        })
      ).status,
    ).toBe(200);

    // Carl confirms after his fallback SMS, Anna answers after her call.
    const carlsPhone = await phoneOf(confirmer);
    await waitFor('Carl’s fallback SMS', async () => smsTo(carlsPhone) === 1);
    expect(
      (
        await api.call('POST', `/api/alerts/${alertId}/received`, {
          token: confirmer.token,
          customerId: company.id,
          body: {},
        })
      ).status,
    ).toBe(200);
    const annasPhone = await phoneOf(answerer);
    await waitFor('Anna’s call', async () => callsTo(annasPhone) === 1);
    const answered = await api.call('POST', `/api/alerts/${alertId}/answer`, {
      token: answerer.token,
      customerId: company.id,
      body: { option: 1 },
    });
    expect(answered.status).toBe(200);

    await cycleDone(alertId);
    await settledReceipts(api.db, alertId);
    // The push goes to the outbox here (no FCM configured): recorded; SMS and calls to the fake Twilio: sent.
    expect(await stepsOf(alertId, silent)).toEqual([
      ['push', false, 1, 'recorded'],
      ['sms', true, 1, 'sent'],
      ['voice', true, 1, 'sent'],
      ['push', true, 2, 'recorded'],
      ['sms', true, 2, 'sent'],
      ['voice', true, 2, 'sent'],
    ]);
    const samsPhone = await phoneOf(silent);
    expect([smsTo(samsPhone), callsTo(samsPhone)]).toEqual([2, 2]);
    expect(await stepsOf(alertId, confirmer)).toEqual([
      ['push', false, 1, 'received'],
      ['sms', true, 1, 'sent'],
    ]);
    expect([smsTo(carlsPhone), callsTo(carlsPhone)]).toEqual([1, 0]);
    expect(await stepsOf(alertId, answerer)).toEqual([
      ['push', false, 1, 'received'],
      ['sms', true, 1, 'sent'],
      ['voice', true, 1, 'sent'],
    ]);
    expect([smsTo(annasPhone), callsTo(annasPhone)]).toEqual([1, 1]);
    expect(await stepsOf(alertId, admin)).toEqual([['push', false, 1, 'received']]);

    // Each step went out no sooner than its time: a round's call a minute (of the cycle) after its SMS, the next round
    // a minute after the call.
    const sams = await api.db.receipt.findMany({
      where: { alertId, userId: silent.user.id },
      orderBy: { createdAt: 'asc' },
    });
    const sentAt = (await api.db.alert.findUniqueOrThrow({ where: { id: alertId } })).sentAt as Date;
    const offsets = sams.map((receipt) => receipt.createdAt.getTime() - sentAt.getTime());
    [0, 2, 4, 6, 8, 10].forEach((seconds, index) =>
      expect(offsets[index]).toBeGreaterThanOrEqual(seconds * 1000 - 2_100),
    );

    // The report shows each step with its round.
    const report = await api.call('GET', `/api/alerts/${alertId}/deliveries`, {
      token: admin.token,
      customerId: company.id,
    });
    const samsRow = report.body.items.find((item: { userId: string }) => item.userId === silent.user.id);
    expect(
      samsRow.channels.map((receipt: { channel: string; round: number }) => `${receipt.channel}${receipt.round}`),
    ).toEqual(['push1', 'sms1', 'voice1', 'push2', 'sms2', 'voice2']);

    // Exactly once when a step's job runs again (twice each, under ids of their own): nothing new goes out.
    const before = await api.db.receipt.count({ where: { alertId } });
    const [sms, calls] = [provider.fake.messages.length, provider.fake.calls.length];
    for (const step of [0, 1, 2, 3, 4])
      for (const copy of [1, 2])
        await queue.delivery.add(
          CONTACT_CYCLE_JOBS.step,
          { alertId, step },
          { jobId: `again-${alertId}-${step}-${copy}` },
        );
    await waitFor(
      'the copies to run',
      async () => (await queue.delivery.getJobCounts('waiting', 'active', 'delayed')).waiting === 0,
    );
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await api.db.receipt.count({ where: { alertId } })).toBe(before);
    expect([provider.fake.messages.length, provider.fake.calls.length]).toEqual([sms, calls]);

    // Twilio's status callback names the round in its URL: it moves that round's receipt only, even before the SID
    // is stored (both of Sam's SMS receipts without one here).
    const samsSms = { alertId, userId: silent.user.id, channel: 'sms' as const, fallback: true };
    await api.db.receipt.updateMany({ where: samsSms, data: { providerId: null } });
    const delivered = await postAsTwilio(
      `${api.url}/api/webhooks/twilio/sms-status?${receiptKeyQuery({ ...samsSms, round: 2 })}`,
      provider.fake.authToken,
      { MessageSid: 'SMround2', MessageStatus: 'delivered' },
    );
    expect(delivered.status).toBe(204);
    const smsReceipts = await api.db.receipt.findMany({ where: samsSms, orderBy: { round: 'asc' } });
    expect(smsReceipts.map((receipt) => [receipt.round, receipt.state, receipt.providerId])).toEqual([
      [1, 'sent', null],
      [2, 'delivered', 'SMround2'],
    ]);
  }, 90_000);

  it('gets a step whose job was lost back from the minute sweep', async () => {
    const { company, admin, people, phoneOf } = await arrange(['Sam Silent']);
    const [silent] = people;
    const alertId = await sendAlarm(admin, company.id);
    // Redis lost round 1's call step (as a Redis without its AOF would): the job is gone, the cycle's row is not.
    const jobId = contactStepJobId({ alertId, step: 0 });
    const job = await waitFor('the call step to be queued', () => queue.delivery.getJob(jobId));
    await job.remove();
    // A minute later the step is overdue by more than a minute (the fallback SMS went meanwhile). The row says so, to
    // spare the test that minute; the sweep (resume-deliveries, every minute; run now) queues the step again.
    const samsPhone = await phoneOf(silent);
    await waitFor('Sam’s fallback SMS', async () => smsTo(samsPhone) === 1);
    await api.db.contactCycle.update({ where: { alertId }, data: { nextStepAt: new Date(Date.now() - 61_000) } });
    const maintenance = new Queue('maintenance', { connection: queue.redis, prefix: api.server.queuePrefix });
    await maintenance.add('resume-deliveries', {}, { jobId: `resume-${alertId}` });
    await maintenance.close();
    await waitFor('the call, after the sweep', async () => callsTo(samsPhone) > 0, 30_000);
    // The rest of the cycle keeps its intervals after the late step: not all at once.
    await cycleDone(alertId);
    const receipts = await api.db.receipt.findMany({
      where: { alertId, userId: silent.user.id, fallback: true },
      orderBy: { createdAt: 'asc' },
    });
    const gaps = receipts
      .slice(1)
      .map((receipt, index) => receipt.createdAt.getTime() - receipts[index].createdAt.getTime());
    // Call → push, push → SMS, SMS → call: 2 s each (a minute of the cycle, the fallback delay, a minute).
    gaps.slice(1).forEach((gap) => expect(gap).toBeGreaterThanOrEqual(1_900));
    expect((await stepsOf(alertId, silent)).map(([channel, , round]) => `${channel}${round}`)).toEqual([
      'push1',
      'sms1',
      'voice1',
      'push2',
      'sms2',
      'voice2',
    ]);
  }, 90_000);

  it('stops when the alert is closed', async () => {
    const { company, admin, people, phoneOf } = await arrange(['Sam Silent']);
    const [silent] = people;
    const alertId = await sendAlarm(admin, company.id);
    const samsPhone = await phoneOf(silent);
    await waitFor('Sam’s fallback SMS', async () => smsTo(samsPhone) === 1);
    const closed = await api.call('POST', `/api/alerts/${alertId}/close`, {
      token: admin.token,
      customerId: company.id,
      body: {},
    });
    expect(closed.status).toBe(200);
    // Past the whole cycle's time.
    await new Promise((resolve) => setTimeout(resolve, 12_000));
    expect(await api.db.receipt.count({ where: { alertId, OR: [{ channel: 'voice' }, { round: { gt: 1 } }] } })).toBe(
      0,
    );
    expect([smsTo(samsPhone), callsTo(samsPhone)]).toEqual([1, 0]);
  }, 60_000);

  it('is for alarms unless the company chose every severity, and off with no rounds', async () => {
    const { company, admin } = await arrange(['Sam Silent']);
    // The dispatch job takes the settings when it runs: each alert's receipts going out says it ran.
    const dispatched = (alertId: string) =>
      waitFor(
        'the dispatch',
        async () => (await api.db.receipt.count({ where: { alertId, state: { not: 'pending' } } })) > 0,
      );
    const urgent = await sendAlarm(admin, company.id, 'urgentAlert');
    await dispatched(urgent);
    expect((await change(admin, 'contactCycleAllSeverities', true)).status).toBe(200);
    const urgentInCycle = await sendAlarm(admin, company.id, 'urgentAlert');
    await dispatched(urgentInCycle);
    expect((await change(admin, 'contactCycleRounds', 0)).status).toBe(200);
    const alarmWithoutCycle = await sendAlarm(admin, company.id);
    await dispatched(alarmWithoutCycle);
    expect(await api.db.contactCycle.findUnique({ where: { alertId: urgentInCycle } })).not.toBeNull();
    expect(await api.db.contactCycle.findUnique({ where: { alertId: urgent } })).toBeNull();
    expect(await api.db.contactCycle.findUnique({ where: { alertId: alarmWithoutCycle } })).toBeNull();
  }, 60_000);
});

describe('the contact cycle by plan', () => {
  it('has no calls on a plan without voice, and no cycle on the free plan (no fallback SMS)', async () => {
    const cycleOf = async (plan: 'free' | 'professional') => {
      const company = await createCompany(api.db, { plan });
      const admin = await createMember(api.db, company.id, 'admin', 'Ada Admin');
      const alertId = await sendAlarm(admin, company.id);
      await waitFor(
        'the dispatch',
        async () => (await api.db.receipt.count({ where: { alertId, state: { not: 'pending' } } })) > 0,
      );
      return api.db.contactCycle.findUnique({ where: { alertId } });
    };
    expect(await cycleOf('professional')).toMatchObject({ rounds: 2, withCalls: false });
    expect(await cycleOf('free')).toBeNull();
  });
});

describe('the contact cycle settings: POST /api/customerSettings/{name}', () => {
  it('stores each for the company, which the next alarm takes', async () => {
    const company = await createCompany(api.db, { plan: 'enterprise' });
    const admin = await createMember(api.db, company.id, 'admin', 'Ada Admin');
    for (const [name, value] of [
      ['contactCycleRounds', 3],
      ['contactCycleCallAfterMinutes', 5],
      ['contactCycleRepeatAfterMinutes', 15],
      ['contactCycleAllSeverities', true],
    ] as const)
      expect(await change(admin, name, value)).toMatchObject({ status: 200, body: { name, value } });
    const read = await api.call('GET', '/api/customerSettings', { token: admin.token });
    expect(read.body.settings).toMatchObject({
      contactCycleRounds: 3,
      contactCycleCallAfterMinutes: 5,
      contactCycleRepeatAfterMinutes: 15,
      contactCycleAllSeverities: true,
    });
    const alertId = await sendAlarm(admin, company.id);
    const cycle = await waitFor('the cycle', async () => api.db.contactCycle.findUnique({ where: { alertId } }));
    expect(cycle).toMatchObject({
      rounds: 3,
      callAfterSeconds: 5 * MINUTE_SECONDS,
      repeatAfterSeconds: 15 * MINUTE_SECONDS,
      withCalls: true,
    });
  });

  it('refuses bad values with the generic messages and changes nothing', async () => {
    const company = await createCompany(api.db, { plan: 'enterprise' });
    const admin = await createMember(api.db, company.id, 'admin', 'Ada Admin');
    for (const [name, value] of [
      ['contactCycleRounds', 6],
      ['contactCycleRounds', -1],
      ['contactCycleRounds', 1.5],
      ['contactCycleCallAfterMinutes', 0],
      ['contactCycleCallAfterMinutes', 61],
      ['contactCycleRepeatAfterMinutes', '10'],
      ['contactCycleRepeatAfterMinutes', 121],
      ['contactCycleAllSeverities', 'yes'],
      ['reaskAfterMinutes', -1],
      ['reaskAfterMinutes', 241],
      ['reaskAfterMinutes', null],
    ] as const) {
      const answer = await change(admin, name, value);
      expect({ name, value, status: answer.status, errors: answer.body.errors }).toEqual({
        name,
        value,
        status: 400,
        errors: [expect.stringMatching(/^value /)],
      });
    }
    expect(await api.db.companySetting.count({ where: { companyId: company.id } })).toBe(0);
  });

  it('is for admins: a member gets 403, no session 401', async () => {
    const company = await createCompany(api.db, { plan: 'enterprise' });
    const member = await createMember(api.db, company.id, 'user', 'Mats Member');
    expect((await change(member, 'contactCycleRounds', 3)).status).toBe(403);
    expect((await api.call('POST', '/api/customerSettings/contactCycleRounds', { body: { value: 3 } })).status).toBe(
      401,
    );
    expect(await api.db.companySetting.count({ where: { companyId: company.id } })).toBe(0);
  });
});

describe('asking again by itself: the reaskAfterMinutes setting', () => {
  it('asks who has not answered once, the set minutes after sending, on the channels not known to fail', async () => {
    const { company, admin, people, phoneOf } = await arrange(['Ann Answers', 'Sam Silent']);
    const [answering, silent] = people;
    expect((await change(admin, 'reaskAfterMinutes', 2)).body).toMatchObject({ value: 2 });
    // An alert (no contact cycle: that is for alarms) by SMS that asks for answers.
    const sent = await api.call('POST', '/api/alerts/alert', {
      token: admin.token,
      customerId: company.id,
      body: {
        title: 'Water leak',
        message: 'Are you out of the basement?',
        channels: ['sms'],
        target: { users: [answering.user.id, silent.user.id] },
        responseOptions: [{ kind: 'safe' }, { kind: 'needsHelp' }],
      },
    });
    expect(sent.status).toBe(201);
    const alertId = sent.body.alertId as string;
    const due = await waitFor(
      'the re-ask to be due',
      async () => (await api.db.alert.findUniqueOrThrow({ where: { id: alertId } })).autoReaskAt,
    );
    const alertRow = await api.db.alert.findUniqueOrThrow({ where: { id: alertId } });
    expect(due.getTime() - alertRow.sentAt!.getTime()).toBe(2 * MINUTE_SECONDS * 1000);
    await api.call('POST', `/api/alerts/${alertId}/answer`, { token: answering.token, body: { option: 1 } });

    await waitFor('the question asked again', () =>
      api.db.receipt.findFirst({ where: { alertId, round: 2, state: { notIn: ['pending', 'processing'] } } }),
    );
    await settledReceipts(api.db, alertId);
    const round2 = await api.db.receipt.findMany({ where: { alertId, round: 2 } });
    expect(round2.map((receipt) => [receipt.userId, receipt.channel, receipt.fallback])).toEqual([
      [silent.user.id, 'sms', false],
    ]);
    expect(smsTo(await phoneOf(silent))).toBe(2);
    expect(smsTo(await phoneOf(answering))).toBe(1);
    // Once: the job queued again (as the minute sweep would) asks nothing more.
    await queue.delivery.add(CONTACT_CYCLE_JOBS.autoReask, { alertId }, { jobId: `again-auto-reask-${alertId}` });
    await waitFor(
      'the copy to run',
      async () => (await queue.delivery.getJobCounts('waiting', 'active')).waiting === 0,
    );
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await api.db.receipt.count({ where: { alertId, round: { gt: 1 } } })).toBe(1);
    expect((await api.db.alert.findUniqueOrThrow({ where: { id: alertId } })).autoReaskAt).toBeNull();
  });
});
