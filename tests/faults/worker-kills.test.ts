import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { useApiTestContext } from '../helpers/api-test-context';
import { settledReceipts, sendCompanyAlert, startDeliveryWorker, waitFor } from '../helpers/alert-delivery';
import { startFakeProviders, type FakeProviders } from '../helpers/fake-providers';
import { printFigures } from '../helpers/figures';
import { createMember } from '../helpers/fixtures';
import { insertPhoneMembers } from '../helpers/phone-members';
import { useDeliveryQueue } from '../helpers/queued-jobs';
import { faultRandom } from '../helpers/seeded-random';
import type { TestWorker } from '../helpers/test-worker';

// R1 (docs/reliability.md): the real worker is killed (SIGKILL) again and again at random points of a 5,000-recipient
// push + SMS + voice fan-out, and started again at once each time. Twilio and FCM are local fakes in their shape that
// count every request. The kill points are counts of provider requests drawn from a seeded random (the seed is printed;
// FAULT_SEED replays it). Afterwards every receipt is sent, each phone got exactly one SMS and one call, and each device
// at most two pushes, all with the alert's collapse id: receipts a dead worker had taken ("in doubt") are looked up at
// Twilio once their lease has run out and recorded with the SID Twilio has, or sent if Twilio has nothing; push has no
// lookup and is sent again under the same collapse id (the phone shows one notification). So a push goes out once per
// attempt at most (the receipt's attempts: its claim and each take-over): twice after one kill in its batch, a third time
// only if the worker that took it over is killed too before recording it (never lost, never more than that).
// The new worker gets the killed worker's job from BullMQ's stalled check once the dead worker's lock has run out
// (WORKER_LOCK_SECONDS, WORKER_STALLED_CHECK_SECONDS: the production defaults, not set here).
// R1b: the same company's next alert is shared by two workers (its parts are jobs any worker takes); one of them is
// killed while both are sending it, and the other finishes the alert alone.
const MEMBERS = 5_000;
const PEOPLE = MEMBERS + 1;
const KILLS = 10;
const LEASE_SECONDS = 5;
/** Twilio and FCM answer each request this late, so requests are in flight (taken, not answered) when the kill comes. */
const TWILIO_DELAY_MS = 10;
const FCM_DELAY_MS = 5;

let providers: FakeProviders;
const workers: TestWorker[] = [];
// Declared before the API test context, so the workers stop before its database is dropped.
afterAll(async () => {
  for (const worker of workers) await worker.stop();
  await providers?.stop();
});
const api = useApiTestContext();
const queues = useDeliveryQueue(api);

beforeAll(async () => {
  providers = await startFakeProviders();
  providers.twilio.setDelay(TWILIO_DELAY_MS);
  providers.fcm.delayMs = FCM_DELAY_MS;
});

async function startWorker(): Promise<TestWorker> {
  const worker = await startDeliveryWorker(api, { DELIVERY_LEASE_SECONDS: String(LEASE_SECONDS), ...providers.env });
  workers.push(worker);
  return worker;
}

/** The company (enterprise, for calls): an admin and MEMBERS people, each with a unique phone and an android phone. */
let seeded: ReturnType<typeof seedCompany> | undefined;
const theCompany = () => (seeded ??= seedCompany());

async function seedCompany() {
  const company = await api.db.company.create({
    data: { name: 'Kill Test Company', plan: 'enterprise', includedSeats: PEOPLE, activatedAt: new Date() },
  });
  const admin = await createMember(api.db, company.id, 'admin', 'Ada Admin');
  await api.db.user.update({ where: { id: admin.user.id }, data: { phone: '+4790000001' } });
  await api.db.device.create({
    data: { userId: admin.user.id, name: 'Phone', platform: 'android', pushToken: `token-${admin.user.id}` },
  });
  await insertPhoneMembers(api.db, company.id, MEMBERS);
  return { company, admin };
}

/** Requests the providers took so far: SMS and calls at Twilio, push messages at FCM. */
function providerRequests(): number {
  return providers.twilio.messages.length + providers.twilio.calls.length + providers.fcm.requests.length;
}

/** KILLS request counts in the fan-out's first 90 %, ascending, at least 150 requests apart, from the seeded random. */
function killPoints(random: () => number): number[] {
  const total = PEOPLE * 3;
  const points = Array.from({ length: KILLS }, () => Math.floor((0.02 + random() * 0.88) * total)).sort(
    (a, b) => a - b,
  );
  for (let index = 1; index < points.length; index++) points[index] = Math.max(points[index], points[index - 1] + 150);
  return points;
}

/** Resolves once the providers have taken `count` requests (polled every millisecond: the fakes run in this process). */
function requestsReach(count: number, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + timeoutMs;
    const watch = setInterval(() => {
      if (providerRequests() >= count) {
        clearInterval(watch);
        resolve();
      } else if (Date.now() > deadline) {
        clearInterval(watch);
        reject(new Error(`the providers had ${providerRequests()} of ${count} requests after ${timeoutMs} ms`));
      }
    }, 1);
  });
}

function countBy<T>(items: T[], key: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}

/** How far the providers' records go now: what came after belongs to the alert sent next. */
function providerMarks() {
  const { twilio, fcm } = providers;
  return { sms: twilio.messages.length, calls: twilio.calls.length, push: fcm.requests.length, log: twilio.log.length };
}

/**
 * What the company's people got from the providers for the alert since `since` (the status callbacks and the push data
 * name the alert), held against its settled receipts, and how many of the figures are broken promises.
 */
async function deliveryFigures(
  alertId: string,
  companyId: string,
  receipts: Awaited<ReturnType<typeof settledReceipts>>,
  since: ReturnType<typeof providerMarks>,
) {
  const { twilio, fcm } = providers;
  const users = await api.db.user.findMany({
    where: { memberships: { some: { companyId } } },
    select: { id: true, phone: true },
  });
  const phoneOf = new Map(users.map((user) => [user.id, user.phone as string]));
  const ofAlert = (resource: { statusCallback?: string }) =>
    new URL(resource.statusCallback ?? 'http://none').searchParams.get('alertId') === alertId;
  const sms = twilio.messages.slice(since.sms).filter(ofAlert);
  const calls = twilio.calls.slice(since.calls).filter(ofAlert);
  const pushes = fcm.requests.slice(since.push).filter((request) => request.message.data?.alertId === alertId);
  const smsTo = countBy(sms, (message) => message.to);
  const callsTo = countBy(calls, (call) => call.to);
  const pushesTo = countBy(pushes, (request) => request.token);
  const acceptedTo = countBy(
    pushes.filter((request) => request.name),
    (request) => request.token,
  );
  const sidOf = new Map([...sms, ...calls].map((resource) => [resource.sid, resource.to]));
  const phones = users.map((user) => user.phone as string);
  const tokens = users.map((user) => `token-${user.id}`);
  const push = receipts.filter((receipt) => receipt.channel === 'push');
  const figures = {
    receipts: receipts.length,
    notSent: receipts.filter((receipt) => receipt.state !== 'sent').length,
    smsMissing: phones.filter((phone) => !smsTo.get(phone)).length,
    smsTwice: phones.filter((phone) => (smsTo.get(phone) ?? 0) > 1).length,
    callsMissing: phones.filter((phone) => !callsTo.get(phone)).length,
    callsTwice: phones.filter((phone) => (callsTo.get(phone) ?? 0) > 1).length,
    pushMissing: tokens.filter((token) => !acceptedTo.get(token)).length,
    pushTwice: tokens.filter((token) => pushesTo.get(token) === 2).length,
    pushThrice: tokens.filter((token) => (pushesTo.get(token) ?? 0) > 2).length,
    pushInDoubtTwice: push.filter((receipt) => receipt.attempts > 2).length,
    pushBeyondAttempts: push.filter((receipt) => (pushesTo.get(`token-${receipt.userId}`) ?? 0) > receipt.attempts)
      .length,
    // A sent SMS or call receipt holds the SID of a message or call Twilio has for that very phone.
    wrongSid: receipts.filter(
      (receipt) => receipt.channel !== 'push' && sidOf.get(receipt.providerId ?? '') !== phoneOf.get(receipt.userId),
    ).length,
    twilioLookups: twilio.log.slice(since.log).filter((line) => line.startsWith('GET')).length,
  };
  const broken =
    figures.notSent +
    figures.smsMissing +
    figures.smsTwice +
    figures.callsMissing +
    figures.callsTwice +
    figures.pushMissing +
    figures.pushBeyondAttempts +
    figures.wrongSid;
  return { figures, broken, sms, calls, pushes };
}

/** Everyone got exactly one SMS and one call, and the push at most once per attempt, all with the alert's collapse id. */
function expectEachPersonReached(alertId: string, delivered: Awaited<ReturnType<typeof deliveryFigures>>) {
  expect(delivered.figures).toMatchObject({
    receipts: PEOPLE * 3,
    notSent: 0,
    smsMissing: 0,
    smsTwice: 0,
    callsMissing: 0,
    callsTwice: 0,
    pushMissing: 0,
    pushBeyondAttempts: 0,
    wrongSid: 0,
  });
  expect(delivered.sms).toHaveLength(PEOPLE);
  expect(delivered.calls).toHaveLength(PEOPLE);
  expect(new Set(delivered.pushes.map((request) => request.message.android?.collapse_key))).toEqual(new Set([alertId]));
}

describe('R1: the worker killed at random points of a 5,000-recipient push + SMS + voice fan-out', () => {
  it('loses nothing, sends no SMS or call twice, and a push at most once per attempt, always with one collapse id', async () => {
    const { random } = faultRandom('R1');
    const points = killPoints(random);
    console.log(`R1: kill points (provider requests): ${points.join(', ')}`);
    const { company, admin } = await theCompany();
    const since = providerMarks();
    let worker = await startWorker();

    const startedAt = Date.now();
    const alertId = await sendCompanyAlert(api, admin, company.id, {
      title: 'Fire in hall 2',
      message: 'Leave the building now',
      channels: ['push', 'sms', 'voice'],
    });

    // Each kill: wait for the kill point (the running worker is sending), SIGKILL, start a new worker at once, and time
    // how long the fan-out stood still (from the kill to the next request a provider took).
    const recoveries: number[] = [];
    let kills = 0;
    let killedAt = 0;
    for (const point of points) {
      await requestsReach(Math.max(point, providerRequests() + 1), 90_000);
      if (recoveries.length < kills) recoveries.push(Date.now() - killedAt);
      const exited = new Promise((resolve) => worker.process.once('exit', resolve));
      worker.process.kill('SIGKILL');
      killedAt = Date.now();
      await exited;
      kills += 1;
      worker = await startWorker();
    }
    await requestsReach(providerRequests() + 1, 90_000);
    recoveries.push(Date.now() - killedAt);

    const receipts = await settledReceipts(api.db, alertId, 150_000);
    const seconds = (Date.now() - startedAt) / 1000;
    const delivered = await deliveryFigures(alertId, company.id, receipts, since);
    printFigures('R1', 'worker killed mid fan-out', {
      tried: kills,
      held: delivered.broken === 0 ? kills : 0,
      failed: delivered.broken === 0 ? 0 : kills,
      ...delivered.figures,
      maxRecoveryMs: Math.max(...recoveries),
      meanRecoveryMs: recoveries.reduce((sum, ms) => sum + ms, 0) / recoveries.length,
      seconds,
    });

    expect(kills).toBeGreaterThanOrEqual(10);
    expect(receipts.filter((receipt) => receipt.fallback)).toEqual([]);
    expectEachPersonReached(alertId, delivered);
  }, 290_000);
});

/** The workers (BullMQ worker ids, from the lock tokens) running parts of the alert now. */
async function partHolders(alertId: string): Promise<Set<string>> {
  const active = await queues.delivery.getJobs(['active']);
  const holders = new Set<string>();
  for (const job of active) {
    if (job.name !== 'deliver-part' || job.data.alertId !== alertId) continue;
    const token = await queues.redis.get(`${queues.delivery.toKey(job.id as string)}:lock`);
    if (token) holders.add(token.split(':')[0]);
  }
  return holders;
}

describe('R1b: two workers share one alert, and one of them is killed mid-send', () => {
  it('the other finishes it: every phone gets exactly one SMS and one call, every device the push', async () => {
    for (const worker of workers.splice(0)) await worker.stop();
    const { company, admin } = await theCompany();
    const [doomed] = [await startWorker(), await startWorker()];
    const since = providerMarks();
    const sentSince = () => providerRequests() - since.sms - since.calls - since.push;

    const alertId = await sendCompanyAlert(api, admin, company.id, {
      title: 'Gas leak in hall 4',
      message: 'Leave hall 4 now',
      channels: ['push', 'sms', 'voice'],
    });
    // Both workers run parts of the alert, and a third of its requests went out: the kill comes mid-send.
    const holders = await waitFor(
      'both workers to run parts of the alert',
      async () => {
        const running = await partHolders(alertId);
        return running.size >= 2 && running;
      },
      60_000,
    );
    await requestsReach(since.sms + since.calls + since.push + PEOPLE, 90_000);
    const exited = new Promise((resolve) => doomed.process.once('exit', resolve));
    doomed.process.kill('SIGKILL');
    await exited;
    const sentAtKill = sentSince();

    const receipts = await settledReceipts(api.db, alertId, 150_000);
    const delivered = await deliveryFigures(alertId, company.id, receipts, since);
    printFigures('R1b', 'one of two workers sharing an alert killed mid-send', {
      tried: 1,
      held: delivered.broken === 0 ? 1 : 0,
      failed: delivered.broken === 0 ? 0 : 1,
      workersSharing: holders.size,
      requestsAtKill: sentAtKill,
      ...delivered.figures,
    });

    expect(holders.size).toBe(2);
    expect(sentAtKill).toBeLessThan(PEOPLE * 2);
    expectEachPersonReached(alertId, delivered);
  }, 240_000);
});
