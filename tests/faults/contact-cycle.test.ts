import { describe, it, expect } from '@jest/globals';
import { recordAnswer } from '@/lib/answers/record-answer';
import { contactStepJobId, QUEUES } from '@/lib/queue';
import { call } from '../helpers/api-client';
import { settledReceipts, waitFor } from '../helpers/alert-delivery';
import { printFigures } from '../helpers/figures';
import { createMember } from '../helpers/fixtures';
import { useOwnRedisStack } from '../helpers/own-redis-stack';
import { insertPhoneMembers } from '../helpers/phone-members';

// R10 (docs/reliability.md): the contact cycle until confirmed (issue 36) of an alarm to 500 silent people — push, the
// fallback SMS, a call, then a second round of push, SMS and call, each step a delayed job (contact-step-<alertId>-<n>)
// — while Redis crashes (SIGKILL, AOF on as production runs it) with the call's step job waiting in it, and the worker
// is killed (SIGKILL) in the middle of the first round's calls and started again at once. 50 of the people answer after
// their fallback SMS. Afterwards: every step reached each silent person exactly once (Twilio's SMS and calls, FCM's
// pushes, by the round their callback or push data names), in order (each person's receipts sent in the cycle's order),
// and nothing reached the 50 after they answered.
// Like R2: a Redis, server and worker of this test's own; the worker serves only the delivery queue, so the minute sweep
// (resume-deliveries) cannot cover for a lost job. Short times: the fallback SMS at 6 s (FALLBACK_SMS_DELAY_SECONDS),
// a minute of the cycle's settings lasting 5 s (CONTACT_CYCLE_MINUTE_SECONDS): round 1's call at 16 s, round 2's push at
// 21 s, its SMS at 27 s, its call at 37 s.
const PEOPLE = 500;
const ANSWERING = 50;
const FALLBACK_DELAY_SECONDS = 6;
const MINUTE_SECONDS = 5;
const LEASE_SECONDS = 5;
const DOWN_MS = 3_000;
/** Calls of round 1 Twilio took before the worker is killed. */
const KILL_AT_CALLS = 150;
/** Twilio answers each request this late, so calls are in flight when the kill comes. */
const TWILIO_DELAY_MS = 20;
const STEPS = ['push1', 'sms1', 'voice1', 'push2', 'sms2', 'voice2'];

const stack = useOwnRedisStack('r10', [QUEUES.delivery], {
  FALLBACK_SMS_DELAY_SECONDS: String(FALLBACK_DELAY_SECONDS),
  CONTACT_CYCLE_MINUTE_SECONDS: String(MINUTE_SECONDS),
  DELIVERY_LEASE_SECONDS: String(LEASE_SECONDS),
});

/** The round a Twilio request's status callback names (its receipt key: round 1 has none). */
const roundOfCallback = (resource: { statusCallback?: string }) =>
  Number(new URL(resource.statusCallback ?? 'http://none').searchParams.get('round') ?? 1);
/** The round a push's receipt key names (`<alert>:<user>:push:<main|fallback>[:<round>]`). */
const roundOfPush = (receiptKey: unknown) => Number(String(receiptKey).split(':')[4] ?? 1);

/** Resolves once Twilio took `count` calls (polled every millisecond: the fake runs in this process). */
function callsReach(count: number, timeoutMs: number): Promise<void> {
  const { providers } = stack;
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + timeoutMs;
    const watch = setInterval(() => {
      if (providers.twilio.calls.length >= count) {
        clearInterval(watch);
        resolve();
      } else if (Date.now() > deadline) {
        clearInterval(watch);
        reject(new Error(`Twilio had ${providers.twilio.calls.length} of ${count} calls after ${timeoutMs} ms`));
      }
    }, 1);
  });
}

describe('R10: a contact cycle to 500 silent people through a worker kill and a Redis restart', () => {
  it('reaches each person once per step, in order, and no one after they answered', async () => {
    const { database, providers, server } = stack;
    providers.twilio.setDelay(TWILIO_DELAY_MS);
    const company = await database.db.company.create({
      data: { name: 'Cycle Test Company', plan: 'enterprise', includedSeats: PEOPLE + 1, activatedAt: new Date() },
    });
    const admin = await createMember(database.db, company.id, 'admin', 'Ada Admin');
    await database.db.device.create({
      data: { userId: admin.user.id, name: 'Phone', platform: 'android', pushToken: `token-${admin.user.id}` },
    });
    await insertPhoneMembers(database.db, company.id, PEOPLE);
    const api = (method: string, url: string, body: object) =>
      call(server.url, method, url, { token: admin.token, customerId: company.id, body });
    expect((await api('POST', '/api/customerSettings/contactCycleCallAfterMinutes', { value: 2 })).status).toBe(200);
    expect((await api('POST', '/api/customerSettings/contactCycleRepeatAfterMinutes', { value: 1 })).status).toBe(200);

    const sent = await api('POST', '/api/alerts/alarm', {
      severity: 'alarm',
      title: 'Fire in hall B',
      message: 'Leave by the east exit',
      channels: ['push'],
      target: { company: true },
    });
    expect(sent.status).toBe(201);
    const alertId: string = sent.body.alertId;
    await api('POST', `/api/alerts/${alertId}/received`, {});

    // Redis crashes once the fallback SMS went out, with round 1's call waiting in it as a delayed job.
    await waitFor(
      'the fallback SMS to everyone',
      async () => providers.twilio.messages.filter((sms) => sms.to.startsWith('+4791')).length >= PEOPLE,
      60_000,
    );
    expect(await stack.delayedJobIds()).toContain(contactStepJobId({ alertId, step: 0 }));
    await stack.crashRedis(DOWN_MS);
    const restartedAt = Date.now();

    // 50 people answer now (as the answer API records it): nothing more reaches them.
    const recipients = await database.db.alertRecipient.findMany({
      where: { alertId, userId: { not: admin.user.id } },
      orderBy: { userId: 'asc' },
    });
    const answering = recipients.slice(0, ANSWERING);
    const answeredAt = new Date();
    for (const recipient of answering)
      await recordAnswer(database.db, answeredAt, { ...recipient }, { option: 1, kind: 'safe', channel: 'app' });

    // The worker is killed in the middle of round 1's calls, and started again at once.
    await callsReach(KILL_AT_CALLS, 60_000);
    await stack.killWorker();
    const callsAtKill = providers.twilio.calls.length;

    await waitFor(
      'the cycle to go through its steps',
      async () => (await database.db.contactCycle.findUnique({ where: { alertId } }))?.nextStepAt === null,
      120_000,
    );
    const receipts = await settledReceipts(database.db, alertId, 120_000);

    // What each person got, by step, from the providers.
    const users = await database.db.user.findMany({
      where: { id: { in: recipients.map((recipient) => recipient.userId) } },
      select: { id: true, phone: true },
    });
    const got = new Map(users.map((user) => [user.id, new Map<string, number>()]));
    const userOfPhone = new Map(users.map((user) => [user.phone as string, user.id]));
    const count = (userId: string | undefined, step: string) => {
      const steps = userId ? got.get(userId) : undefined;
      if (steps) steps.set(step, (steps.get(step) ?? 0) + 1);
    };
    for (const sms of providers.twilio.messages) count(userOfPhone.get(sms.to), `sms${roundOfCallback(sms)}`);
    for (const placed of providers.twilio.calls) count(userOfPhone.get(placed.to), `voice${roundOfCallback(placed)}`);
    for (const push of providers.fcm.requests.filter(
      (request) => request.name && request.message.data?.alertId === alertId,
    ))
      count(String(push.token).replace('token-', ''), `push${roundOfPush(push.message.data?.receiptKey)}`);

    const answeringIds = new Set(answering.map((recipient) => recipient.userId));
    const silent = recipients.filter((recipient) => !answeringIds.has(recipient.userId));
    const everyStepOnce = (userId: string) => STEPS.every((step) => got.get(userId)?.get(step) === 1);
    const onlyRound1Before = (userId: string) =>
      [...(got.get(userId) ?? new Map<string, number>())].every(
        ([step, times]) => ['push1', 'sms1'].includes(step) && times === 1,
      );
    // In order: each silent person's step receipts were sent in the cycle's order.
    const inOrder = (userId: string) => {
      const own = receipts
        .filter((receipt) => receipt.userId === userId)
        .map((receipt) => ({ step: `${receipt.channel}${receipt.round}`, at: receipt.sentAt?.getTime() ?? Infinity }));
      const order = own.sort((a, b) => a.at - b.at).map((receipt) => receipt.step);
      return JSON.stringify(order) === JSON.stringify(STEPS);
    };
    const answeredReceipts = receipts.filter(
      (receipt) => answeringIds.has(receipt.userId) && receipt.createdAt.getTime() > answeredAt.getTime(),
    );
    const figures = {
      silent: silent.length,
      silentEveryStepOnce: silent.filter((recipient) => everyStepOnce(recipient.userId)).length,
      silentInOrder: silent.filter((recipient) => inOrder(recipient.userId)).length,
      answered: answering.length,
      answeredNothingAfter: answering.filter((recipient) => onlyRound1Before(recipient.userId)).length,
      receiptsAfterAnswer: answeredReceipts.length,
      notSent: receipts.filter(
        (receipt) => !['sent', 'delivered'].includes(receipt.state) && receipt.userId !== admin.user.id,
      ).length,
      callsAtKill,
      redisDownMs: DOWN_MS,
      secondsAfterRestart: (Date.now() - restartedAt) / 1000,
    };
    const held = figures.silentEveryStepOnce + figures.answeredNothingAfter;
    printFigures('R10', 'contact cycle through a worker kill and a Redis restart', {
      tried: PEOPLE,
      held,
      failed: PEOPLE - held,
      ...figures,
    });

    expect(figures).toMatchObject({
      silent: PEOPLE - ANSWERING,
      silentEveryStepOnce: PEOPLE - ANSWERING,
      silentInOrder: PEOPLE - ANSWERING,
      answeredNothingAfter: ANSWERING,
      receiptsAfterAnswer: 0,
      notSent: 0,
    });
    expect(callsAtKill).toBeLessThan(PEOPLE - ANSWERING);
  }, 240_000);
});
