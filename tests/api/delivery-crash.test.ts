import { useApiTestContext } from '../helpers/api-test-context';
import { startFakeFcm, type FakeFcm } from '../helpers/fake-fcm';
import { startFakeTwilio, type FakeTwilio } from '../helpers/fake-twilio';
import { createMember } from '../helpers/fixtures';
import { insertPhoneMembers } from '../helpers/phone-members';
import { testEnv } from '../helpers/test-env';
import { startTestWorker, type TestWorker } from '../helpers/test-worker';

// Issue 7, "a crash test": the real worker is killed (SIGKILL) in the middle of a 5,000-recipient fan-out of a push + SMS
// alert and started again. Twilio and FCM are local fakes in their shape that count every request. Every receipt must
// end sent, and each phone must get exactly one SMS: the receipts the dead worker had taken ("in doubt") are looked up at
// Twilio once their lease has run out and recorded with the SID Twilio has, or sent if Twilio has nothing.
// The new worker gets the killed worker's job back from BullMQ's stalled-job check once its lock (30 s) has expired.
const MEMBERS = 5_000;
const LEASE_SECONDS = 5;
/** Twilio answers each request this late, so the SMS fan-out takes a few seconds and the kill lands in the middle. */
const TWILIO_DELAY_MS = 25;
/** The kill comes once this many SMS receipts are recorded sent. */
const KILL_AFTER_SMS = 1_500;
const FROM = '+15005550006';

const api = useApiTestContext();
let twilio: FakeTwilio;
let fcm: FakeFcm;
const workers: TestWorker[] = [];

beforeAll(async () => {
  [twilio, fcm] = await Promise.all([startFakeTwilio(), startFakeFcm()]);
  twilio.setDelay(TWILIO_DELAY_MS);
});
afterAll(async () => {
  for (const worker of workers) await worker.stop();
  await twilio?.stop();
  await fcm?.stop();
});

function startWorker(): Promise<TestWorker> {
  return startTestWorker({
    ...process.env,
    DATABASE_URL: api.databaseUrl,
    DATABASE_POOL_SIZE: '4',
    REDIS_URL: testEnv('TEST_REDIS_URL'),
    QUEUE_PREFIX: api.server.queuePrefix,
    PUBLIC_URL: api.url,
    LOG_LEVEL: 'warn',
    DELIVERY_LEASE_SECONDS: String(LEASE_SECONDS),
    TWILIO_ACCOUNT_SID: twilio.accountSid,
    TWILIO_AUTH_TOKEN: twilio.authToken,
    TWILIO_FROM_NUMBER: FROM,
    TWILIO_API_URL: twilio.url,
    FCM_SERVICE_ACCOUNT: fcm.serviceAccountFile,
    FCM_API_URL: fcm.url,
  }).then((worker) => {
    workers.push(worker);
    return worker;
  });
}

async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs: number, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
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
  await api.db.device.create({ data: { userId: admin.user.id, name: 'Phone', platform: 'android', pushToken: `token-${admin.user.id}` } });
  await insertPhoneMembers(api.db, company.id, MEMBERS);
  return { company, admin };
}

describe('a worker killed in the middle of a 5,000-recipient fan-out', () => {
  it('loses nothing and sends each SMS exactly once after a new worker takes over', async () => {
    const { company, admin } = await seedCompany();
    await startWorker();

    const response = await api.call('POST', '/api/alerts/alert', {
      token: admin.token,
      customerId: company.id,
      body: { severity: 'urgentAlert', title: 'Fire in hall 2', message: 'Leave the building now', channels: ['push', 'sms'], target: { company: true } },
    });
    expect(response.status).toBe(201);
    const alertId: string = response.body.alertId;
    const people = await api.db.receipt.findMany({ where: { alertId, channel: 'sms' }, select: { userId: true } });
    expect(people).toHaveLength(MEMBERS + 1);

    // Kill while a batch of SMS is out at Twilio: some of it taken (processing), part of that already created at Twilio.
    await waitFor(
      `${KILL_AFTER_SMS} SMS receipts sent and a batch in flight`,
      async () => {
        const counts = await receiptCounts(alertId);
        return (counts['sms:sent'] ?? 0) >= KILL_AFTER_SMS && (counts['sms:processing'] ?? 0) > 0;
      },
      60_000,
      20,
    );
    const [killed] = workers;
    const exited = new Promise((resolve) => killed.process.once('exit', resolve));
    killed.process.kill('SIGKILL');
    await exited;
    // A statement the worker had already sent still commits after its death: let the database settle before looking.
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    const atKill = await receiptCounts(alertId);
    const inDoubt = await api.db.receipt.findMany({ where: { alertId, state: 'processing' }, select: { userId: true, channel: true } });
    const users = await api.db.user.findMany({ where: { id: { in: people.map((person) => person.userId) } }, select: { id: true, phone: true } });
    const phoneOf = new Map(users.map((user) => [user.id, user.phone as string]));
    const smsInDoubt = inDoubt.filter((receipt) => receipt.channel === 'sms').map((receipt) => phoneOf.get(receipt.userId) as string);
    const pushInDoubt = new Set(inDoubt.filter((receipt) => receipt.channel === 'push').map((receipt) => `token-${receipt.userId}`));
    const requestsAtKill = twilio.messages.length;
    console.log(`killed with receipts ${JSON.stringify(atKill)}; Twilio had ${requestsAtKill} messages`);
    expect(atKill['sms:sent']).toBeLessThan(MEMBERS);
    expect(smsInDoubt.length).toBeGreaterThan(0);
    // The case a blind resend would get wrong: Twilio took the message but the dead worker never recorded its answer.
    expect(smsInDoubt.some((phone) => twilio.createRequests(phone) === 1)).toBe(true);

    const restarted = Date.now();
    await startWorker();
    await waitFor(
      'every receipt to leave pending and processing',
      async () => {
        const counts = await receiptCounts(alertId);
        return Object.keys(counts).every((key) => !key.endsWith(':pending') && !key.endsWith(':processing'));
      },
      110_000,
      500,
    );
    console.log(`the new worker finished ${((Date.now() - restarted) / 1000).toFixed(1)} s after it was started`);

    const receipts = await api.db.receipt.findMany({ where: { alertId }, select: { userId: true, channel: true, fallback: true, state: true, providerId: true } });
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
    expect(users.filter((user) => twilio.listRequests(user.phone as string) > 0 !== smsInDoubtSet.has(user.phone as string))).toEqual([]);

    // Push: every phone got it. FCM has no lookup, so a push receipt in doubt is sent again with the same collapse id (the
    // alert id), and the second message replaces the first on the phone; a second request is allowed only for those.
    const push = receipts.filter((receipt) => receipt.channel === 'push');
    expect(push).toHaveLength(MEMBERS + 1);
    const tokens = push.map((receipt) => `token-${receipt.userId}`);
    expect(tokens.filter((token) => fcm.requestCount(token) < 1)).toEqual([]);
    expect(tokens.filter((token) => fcm.requestCount(token) > 1 && !pushInDoubt.has(token))).toEqual([]);
    expect(new Set(fcm.requests.map((request) => request.message.android?.collapse_key))).toEqual(new Set([alertId]));
  }, 180_000);
});
