import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { useApiTestContext } from '../helpers/api-test-context';
import { settledReceipts, sendCompanyAlert, startDeliveryWorker } from '../helpers/alert-delivery';
import { startFakeProviders, type FakeProviders } from '../helpers/fake-providers';
import { printFigures } from '../helpers/figures';
import { createMember } from '../helpers/fixtures';
import { insertPhoneMembers } from '../helpers/phone-members';
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

describe('R1: the worker killed at random points of a 5,000-recipient push + SMS + voice fan-out', () => {
  it('loses nothing, sends no SMS or call twice, and a push at most once per attempt, always with one collapse id', async () => {
    const { twilio, fcm } = providers;
    const { random } = faultRandom('R1');
    const points = killPoints(random);
    console.log(`R1: kill points (provider requests): ${points.join(', ')}`);
    const { company, admin } = await seedCompany();
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

    const users = await api.db.user.findMany({
      where: { memberships: { some: { companyId: company.id } } },
      select: { id: true, phone: true },
    });
    const phoneOf = new Map(users.map((user) => [user.id, user.phone as string]));
    const smsTo = countBy(twilio.messages, (message) => message.to);
    const callsTo = countBy(twilio.calls, (call) => call.to);
    const sidOf = new Map([...twilio.messages, ...twilio.calls].map((resource) => [resource.sid, resource.to]));
    const phones = users.map((user) => user.phone as string);
    const tokens = users.map((user) => `token-${user.id}`);
    const push = receipts.filter((receipt) => receipt.channel === 'push');
    const unsettled = receipts.filter((receipt) => receipt.state !== 'sent');
    // A sent SMS or call receipt holds the SID of a message or call Twilio has for that very phone.
    const wrongSid = receipts.filter(
      (receipt) => receipt.channel !== 'push' && sidOf.get(receipt.providerId ?? '') !== phoneOf.get(receipt.userId),
    );
    const figures = {
      receipts: receipts.length,
      notSent: unsettled.length,
      smsMissing: phones.filter((phone) => !smsTo.get(phone)).length,
      smsTwice: phones.filter((phone) => (smsTo.get(phone) ?? 0) > 1).length,
      callsMissing: phones.filter((phone) => !callsTo.get(phone)).length,
      callsTwice: phones.filter((phone) => (callsTo.get(phone) ?? 0) > 1).length,
      pushMissing: tokens.filter((token) => fcm.accepted(token).length === 0).length,
      pushTwice: tokens.filter((token) => fcm.requestCount(token) === 2).length,
      pushThrice: tokens.filter((token) => fcm.requestCount(token) > 2).length,
      pushInDoubtTwice: push.filter((receipt) => receipt.attempts > 2).length,
      pushBeyondAttempts: push.filter((receipt) => fcm.requestCount(`token-${receipt.userId}`) > receipt.attempts)
        .length,
      wrongSid: wrongSid.length,
      twilioLookups: twilio.log.filter((line) => line.startsWith('GET')).length,
      maxRecoveryMs: Math.max(...recoveries),
      meanRecoveryMs: recoveries.reduce((sum, ms) => sum + ms, 0) / recoveries.length,
      seconds,
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
    printFigures('R1', 'worker killed mid fan-out', {
      tried: kills,
      held: broken === 0 ? kills : 0,
      failed: broken === 0 ? 0 : kills,
      ...figures,
    });

    expect(kills).toBeGreaterThanOrEqual(10);
    expect(receipts).toHaveLength(PEOPLE * 3);
    expect(unsettled).toEqual([]);
    expect(receipts.filter((receipt) => receipt.fallback)).toEqual([]);
    expect(figures).toMatchObject({
      smsMissing: 0,
      smsTwice: 0,
      callsMissing: 0,
      callsTwice: 0,
      pushMissing: 0,
      pushBeyondAttempts: 0,
      wrongSid: 0,
    });
    expect(twilio.messages).toHaveLength(PEOPLE);
    expect(twilio.calls).toHaveLength(PEOPLE);
    expect(new Set(fcm.requests.map((request) => request.message.android?.collapse_key))).toEqual(new Set([alertId]));
  }, 290_000);
});
