import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { useApiTestContext } from '../helpers/api-test-context';
import { settledReceipts, sendCompanyAlert, startDeliveryWorker } from '../helpers/alert-delivery';
import { startFakeProviders, type FakeProviders } from '../helpers/fake-providers';
import { createMember } from '../helpers/fixtures';
import { insertPhoneMembers } from '../helpers/phone-members';
import type { TestWorker } from '../helpers/test-worker';

// Issue 7, "a crash test": the real worker is killed (SIGKILL) in the middle of a 5,000-recipient fan-out of a push + SMS
// alert and started again. Twilio and FCM are local fakes in their shape that count every request. Every receipt must
// end sent, and each phone must get exactly one SMS: the receipts the dead worker had taken ("in doubt") are looked up at
// Twilio once their lease has run out and recorded with the SID Twilio has, or sent if Twilio has nothing.
// The new worker gets the killed worker's job back from BullMQ's stalled-job check once its lock (30 s) has expired.
const MEMBERS = 5_000;
const LEASE_SECONDS = 5;
/** Twilio answers each request this late, so the SMS fan-out takes a few seconds and the kill lands in the middle. */
const TWILIO_DELAY_MS = 25;
/** The kill comes when Twilio has taken this many messages. */
const KILL_AFTER_SMS = 1_500;

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
});

async function startWorker(): Promise<TestWorker> {
  const worker = await startDeliveryWorker(api, { DELIVERY_LEASE_SECONDS: String(LEASE_SECONDS), ...providers.env });
  workers.push(worker);
  return worker;
}

/** Receipt counts of the alert per channel and state, e.g. { 'sms:sent': 1500, 'sms:processing': 100 }. */
async function receiptCounts(alertId: string): Promise<Record<string, number>> {
  const rows = await api.db.receipt.groupBy({ by: ['channel', 'state'], where: { alertId }, _count: true });
  return Object.fromEntries(rows.map((row) => [`${row.channel}:${row.state}`, row._count]));
}

/** The company: an admin and MEMBERS people, each with a unique phone and an android phone with a push token. */
async function seedCompany() {
  const company = await api.db.company.create({
    data: { name: 'Crash Test Company', plan: 'professional', includedSeats: MEMBERS + 1, activatedAt: new Date() },
  });
  const admin = await createMember(api.db, company.id, 'admin', 'Ada Admin');
  await api.db.device.create({
    data: { userId: admin.user.id, name: 'Phone', platform: 'android', pushToken: `token-${admin.user.id}` },
  });
  await insertPhoneMembers(api.db, company.id, MEMBERS);
  return { company, admin };
}

describe('a worker killed in the middle of a 5,000-recipient fan-out', () => {
  it('loses nothing and sends each SMS exactly once after a new worker takes over', async () => {
    const { twilio, fcm } = providers;
    const { company, admin } = await seedCompany();
    await startWorker();

    const alertId = await sendCompanyAlert(api, admin, company.id, {
      title: 'Fire in hall 2',
      message: 'Leave the building now',
      channels: ['push', 'sms'],
    });
    const people = await api.db.receipt.findMany({ where: { alertId, channel: 'sms' }, select: { userId: true } });
    expect(people).toHaveLength(MEMBERS + 1);

    // Kill right after Twilio took a message and before it answers (it holds every answer TWILIO_DELAY_MS): that receipt and
    // the rest of its batch are taken (processing) but not recorded. The fake runs in this process, so it is watched here.
    const [killed] = workers;
    const exited = new Promise((resolve) => killed.process.once('exit', resolve));
    await new Promise<void>((resolve, reject) => {
      const deadline = Date.now() + 60_000;
      const watch = setInterval(() => {
        if (twilio.messages.length >= KILL_AFTER_SMS) {
          killed.process.kill('SIGKILL');
          clearInterval(watch);
          resolve();
        } else if (Date.now() > deadline) {
          clearInterval(watch);
          reject(new Error(`Twilio had ${twilio.messages.length} of ${KILL_AFTER_SMS} messages after a minute`));
        }
      }, 1);
    });
    await exited;
    // A statement the worker had already sent still commits after its death: let the database settle before looking.
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    const atKill = await receiptCounts(alertId);
    const inDoubt = await api.db.receipt.findMany({
      where: { alertId, state: 'processing' },
      select: { userId: true, channel: true },
    });
    const users = await api.db.user.findMany({
      where: { id: { in: people.map((person) => person.userId) } },
      select: { id: true, phone: true },
    });
    const phoneOf = new Map(users.map((user) => [user.id, user.phone as string]));
    const smsInDoubt = inDoubt
      .filter((receipt) => receipt.channel === 'sms')
      .map((receipt) => phoneOf.get(receipt.userId) as string);
    const pushInDoubt = new Set(
      inDoubt.filter((receipt) => receipt.channel === 'push').map((receipt) => `token-${receipt.userId}`),
    );
    const requestsAtKill = twilio.messages.length;
    console.log(`killed with receipts ${JSON.stringify(atKill)}; Twilio had ${requestsAtKill} messages`);
    expect(atKill['sms:sent']).toBeLessThan(MEMBERS);
    expect(smsInDoubt.length).toBeGreaterThan(0);
    // The case a blind resend would get wrong: Twilio took the message but the dead worker never recorded its answer.
    expect(smsInDoubt.some((phone) => twilio.createRequests(phone) === 1)).toBe(true);

    const restarted = Date.now();
    await startWorker();
    const receipts = await settledReceipts(api.db, alertId, 150_000);
    console.log(`the new worker finished ${((Date.now() - restarted) / 1000).toFixed(1)} s after it was started`);

    expect(receipts.filter((receipt) => receipt.state !== 'sent')).toEqual([]);
    expect(receipts.filter((receipt) => receipt.fallback)).toEqual([]);

    // SMS: one request per phone at Twilio, no more, and each receipt holds the SID of that very message.
    const sms = receipts.filter((receipt) => receipt.channel === 'sms');
    expect(sms).toHaveLength(MEMBERS + 1);
    const messageTo = new Map(twilio.messages.map((message) => [message.to, message]));
    expect(twilio.messages).toHaveLength(MEMBERS + 1);
    expect(messageTo.size).toBe(MEMBERS + 1);
    const wrong = sms.filter((receipt) => {
      const phone = phoneOf.get(receipt.userId) as string;
      return twilio.createRequests(phone) !== 1 || messageTo.get(phone)?.sid !== receipt.providerId;
    });
    expect(wrong).toEqual([]);
    // Only the receipts in doubt were looked up at Twilio.
    const smsInDoubtSet = new Set(smsInDoubt);
    expect(
      users.filter((user) => twilio.listRequests(user.phone as string) > 0 !== smsInDoubtSet.has(user.phone as string)),
    ).toEqual([]);

    // Push: every phone got it. FCM has no lookup, so a push receipt in doubt is sent again with the same collapse id (the
    // alert id), and the second message replaces the first on the phone; a second request is allowed only for those.
    const push = receipts.filter((receipt) => receipt.channel === 'push');
    expect(push).toHaveLength(MEMBERS + 1);
    const tokens = push.map((receipt) => `token-${receipt.userId}`);
    expect(tokens.filter((token) => fcm.requestCount(token) < 1)).toEqual([]);
    expect(tokens.filter((token) => fcm.requestCount(token) > 1 && !pushInDoubt.has(token))).toEqual([]);
    expect(new Set(fcm.requests.map((request) => request.message.android?.collapse_key))).toEqual(new Set([alertId]));
  }, 300_000);
});
