import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { PrismaClient } from '@/lib/generated/prisma/client';
import type { Channel } from '@/lib/generated/prisma/enums';
import { startFakeProviders, type FakeProviders } from '@/tests/helpers/fake-providers';
import { insertPhoneMembers } from '@/tests/helpers/phone-members';
import { startTestWorker, type TestWorker } from '@/tests/helpers/test-worker';
import { startBenchServices } from './bench-services';
import { loadAverage, ms, processTreeCpuMs, whenTrue } from './measure';

// Usage: npm run bench:deliver-workers [-- <members>]
// Whether adding a worker speeds up one large send (DESIGN §5: one alert's batches are jobs any worker takes). An
// alert to a company of 10,000 members (everyone has a phone number and the app) goes out through 1 real worker
// process, then the same alert again through 2, against local fakes of Twilio and FCM that answer each request 150 ms
// and 100 ms late, as the real services roughly do; each worker runs one part at a time (WORKER_CONCURRENCY=1). Two
// alerts: push + SMS, whose SMS share the account's Twilio concurrency limit (item 4; TWILIO_MAX_CONCURRENT_REQUESTS,
// default 100, set here explicitly) — its floor is the SMS at that limit (10,000 × 150 ms / 100) whatever the number
// of workers, so a second worker adds at most what one leaves of that limit — and push alone, where no account-wide
// limit stands in the way. Prints each run's time and throughput, the SMS floor, where the CPU went, the ratio of 2
// workers to 1 (goal ≥ 1.8) and the load average. Asserts nothing.
const MEMBERS = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 10_000);
const TWILIO_DELAY_MS = 150;
const FCM_DELAY_MS = 100;
const WORKER_CONCURRENCY = 1;
/** The account's Twilio requests in flight, shared by every worker (the documented default). */
const TWILIO_ACCOUNT_CONCURRENCY = 100;
// Enough for several parts of each channel, so that every worker has run (and compiled) the code before the measured send.
const WARM_UP_RECIPIENTS = 2_000;

/** An enterprise company with MEMBERS people (phone and android phone each), and who sends. */
async function seedCompany(db: PrismaClient) {
  const company = await db.company.create({
    data: { name: 'Bench Company', plan: 'enterprise', includedSeats: MEMBERS + 1, activatedAt: new Date() },
  });
  const admin = await db.user.create({ data: { email: 'bench-admin@example.test', name: 'Bench Admin' } });
  await db.membership.create({ data: { companyId: company.id, userId: admin.id, role: 'admin' } });
  await insertPhoneMembers(db, company.id, MEMBERS);
  return { companyId: company.id, authorId: admin.id };
}

/** A sent push + SMS alert to the first `count` members with a phone, as sending writes it: recipients, pending receipts. */
async function writeAlert(
  db: PrismaClient,
  sender: { companyId: string; authorId: string },
  count: number,
  channels: Channel[],
) {
  const alert = await db.alert.create({
    data: {
      ...sender,
      type: 'alert',
      status: 'active',
      title: 'Benchmark alert',
      message: 'This is a benchmark of delivering an alert',
      channels,
      target: { company: true },
      sentAt: new Date(),
    },
  });
  await db.$executeRaw`
    WITH recipients AS (
      INSERT INTO "AlertRecipient" (id, "alertId", "companyId", "userId")
      SELECT gen_random_uuid(), ${alert.id}::uuid, ${sender.companyId}::uuid, u.id
      FROM "User" u JOIN "Membership" m ON m."userId" = u.id AND m."companyId" = ${sender.companyId}::uuid
      WHERE u.phone IS NOT NULL ORDER BY u.phone LIMIT ${count}
      RETURNING id, "userId"
    )
    INSERT INTO "Receipt" ("alertId", "companyId", "recipientId", "userId", channel, state, "updatedAt")
    SELECT ${alert.id}::uuid, ${sender.companyId}::uuid, id, "userId", channel::"Channel", 'pending', now()
    FROM recipients CROSS JOIN unnest(${channels}::text[]) AS channels(channel)`;
  await db.$executeRaw`ANALYZE "Receipt"`;
  return alert.id;
}

interface Setup {
  databaseUrl: string;
  redisUrl: string;
  db: PrismaClient;
  providers: FakeProviders;
  sender: { companyId: string; authorId: string };
  postgresPid: number;
}

const CASES: { channels: Channel[]; label: string }[] = [
  // The SMS share the account's Twilio limit: no number of workers sends them faster than that limit allows.
  { channels: ['push', 'sms'], label: 'push + SMS' },
  // No account-wide limit in the way: what a second worker adds to one alert's fan-out.
  { channels: ['push'], label: 'push' },
];

/** For SMS: the floor at the account's Twilio limit, whatever the number of workers, and how near the run came. */
function floorNote(channels: Channel[], issuedMs: number): string {
  if (!channels.includes('sms')) return '';
  const floor = (MEMBERS * TWILIO_DELAY_MS) / TWILIO_ACCOUNT_CONCURRENCY;
  return `; floor of the SMS at the account's limit ${ms(floor)} (floor / time ${((floor / issuedMs) * 100).toFixed(0)} %)`;
}

/** CPU (ms) used so far by each worker, by Postgres and by this process (the fakes and the bench's client). */
function cpuNow(setup: Setup, workers: TestWorker[]) {
  const usage = process.cpuUsage();
  return {
    workers: workers.map((worker) => processTreeCpuMs(worker.process.pid!)),
    postgres: processTreeCpuMs(setup.postgresPid),
    bench: (usage.user + usage.system) / 1000,
  };
}

/** Where the machine's CPU went between two cpuNow readings, over `elapsedMs` of wall time. */
function cpuSpent(before: ReturnType<typeof cpuNow>, after: ReturnType<typeof cpuNow>, elapsedMs: number) {
  const workers = after.workers.map((value, index) => value - before.workers[index]);
  const postgres = after.postgres - before.postgres;
  const bench = after.bench - before.bench;
  const total = workers.reduce((sum, value) => sum + value, 0) + postgres + bench;
  const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;
  return (
    `CPU while sending: worker${workers.length > 1 ? 's' : ''} ${workers.map(seconds).join(' + ')}, ` +
    `Postgres ${seconds(postgres)}, fakes and bench ${seconds(bench)}; ` +
    `${((total / (elapsedMs * os.cpus().length)) * 100).toFixed(0)} % of the ${os.cpus().length} cores`
  );
}

/** Sends one alert of `count` recipients through the started workers; the time until every provider request was made. */
async function deliver(setup: Setup, queue: Queue, count: number, channels: Channel[]) {
  const { db, providers } = setup;
  const alertId = await writeAlert(db, setup.sender, count, channels);
  const [smsBefore, pushBefore] = [providers.twilio.messages.length, providers.fcm.requests.length];
  const expected = (channel: Channel) => (channels.includes(channel) ? count : 0);
  const started = performance.now();
  await queue.add('dispatch-alert', { alertId }, { jobId: `dispatch-${alertId}`, removeOnComplete: true });
  const issued = await whenTrue(
    () =>
      providers.twilio.messages.length - smsBefore >= expected('sms') &&
      providers.fcm.requests.length - pushBefore >= expected('push'),
    5,
  );
  const recorded = await whenTrue(
    async () => (await db.receipt.count({ where: { alertId, state: { not: 'sent' } } })) === 0,
    50,
  );
  const extra =
    providers.twilio.messages.length -
    smsBefore -
    expected('sms') +
    providers.fcm.requests.length -
    pushBefore -
    expected('push');
  if (extra !== 0) throw new Error(`${extra} provider requests more than one per receipt`);
  return { issuedMs: issued - started, recordedMs: recorded - started };
}

/** `workers` worker processes on a queue prefix of their own: a warm-up send, then the measured one. */
async function run(setup: Setup, workers: number, channels: Channel[]) {
  const prefix = `bench-${randomBytes(4).toString('hex')}`;
  const env = {
    ...process.env,
    ...setup.providers.env,
    DATABASE_URL: setup.databaseUrl,
    REDIS_URL: setup.redisUrl,
    QUEUE_PREFIX: prefix,
    PUBLIC_URL: 'http://127.0.0.1:9',
    WORKER_QUEUES: 'delivery',
    WORKER_CONCURRENCY: String(WORKER_CONCURRENCY),
    TWILIO_MAX_CONCURRENT_REQUESTS: String(TWILIO_ACCOUNT_CONCURRENCY),
    // Everyone gets the SMS: no fallback SMS to send, and none during the run.
    FALLBACK_SMS_DELAY_SECONDS: '3600',
    LOG_LEVEL: 'info',
  };
  const started: TestWorker[] = [];
  const redis = new Redis(setup.redisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue('delivery', { connection: redis, prefix });
  try {
    for (let n = 0; n < workers; n += 1) started.push(await startTestWorker(env));
    await deliver(setup, queue, WARM_UP_RECIPIENTS, channels);
    const load = loadAverage();
    const cpuBefore = cpuNow(setup, started);
    const result = await deliver(setup, queue, MEMBERS, channels);
    const cpu = cpuSpent(cpuBefore, cpuNow(setup, started), result.recordedMs);
    return { ...result, cpu, loadBefore: load, loadAfter: loadAverage() };
  } finally {
    await Promise.all(started.map((worker) => worker.stop()));
    await queue.close();
    redis.disconnect();
  }
}

async function main() {
  const { databaseUrl, redisUrl, db, postgresPid, stop } = await startBenchServices();
  const providers = await startFakeProviders();
  providers.twilio.setDelay(TWILIO_DELAY_MS);
  providers.fcm.delayMs = FCM_DELAY_MS;
  try {
    const sender = await seedCompany(db);
    const setup = { databaseUrl, redisUrl, db, providers, sender, postgresPid };
    console.log(
      `Fakes answer Twilio in ${TWILIO_DELAY_MS} ms, FCM in ${FCM_DELAY_MS} ms; WORKER_CONCURRENCY=${WORKER_CONCURRENCY} ` +
        `(parts at once per worker), ${TWILIO_ACCOUNT_CONCURRENCY} Twilio requests in flight for the account`,
    );
    for (const { channels, label } of CASES) {
      console.log(`\nOne ${label} alert to ${MEMBERS} people`);
      const results = [];
      for (const workers of [1, 2]) {
        const result = await run(setup, workers, channels);
        const requestsPerSecond = (MEMBERS * channels.length * 1000) / result.issuedMs;
        console.log(
          `  ${workers} worker${workers > 1 ? 's' : ''}: every request issued in ${ms(result.issuedMs)} ` +
            `(${((MEMBERS * 1000) / result.issuedMs).toFixed(0)} recipients/s, ${requestsPerSecond.toFixed(0)} requests/s), ` +
            `every receipt recorded in ${ms(result.recordedMs)}${floorNote(channels, result.issuedMs)}; ` +
            `${result.loadBefore} before, ${result.loadAfter} after`,
        );
        console.log(`    ${result.cpu}`);
        results.push(result);
      }
      const ratio = results[0].issuedMs / results[1].issuedMs;
      console.log(`  throughput of 2 workers / 1 worker: ${ratio.toFixed(2)} (goal ≥ 1.8)`);
    }
  } finally {
    await providers.stop();
    await stop();
  }
}

await main();
