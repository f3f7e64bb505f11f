import { call } from '@/tests/helpers/api-client';
import { startFakeFcm } from '@/tests/helpers/fake-fcm';
import { startFakeTwilio } from '@/tests/helpers/fake-twilio';
import { startTestServer } from '@/tests/helpers/test-server';
import { buildIfNeeded } from '../lib/build-if-needed';
import { startBenchServices, startBenchWorker } from './bench-services';
import { loadAverage, ms } from './measure';
import { timeProviderFloor } from './provider-floor';
import { seedCompany, type SeededCompany } from './seed-scale';

// Usage: npm run bench:deliver-alert [-- [--no-build] [--sizes 10000,100000] [--cps 100]]
// Delivery bound only by the providers (issue 21 item 4): the real server and worker, a durable Postgres and Redis, and
// fakes in the shape of the real services: Twilio answering in 150 ms and taking 100 requests of the account at once
// (429 / 20429 past that: its default limit), placing calls at the account's calls per second; FCM answering in 100 ms.
// The worker runs with the same limits (TWILIO_MAX_CONCURRENT_REQUESTS, TWILIO_CALLS_PER_SECOND).
// For each company size: a push + SMS alert to everyone (every member has a phone number, every other one the app), the
// time from the send's answer until the fakes have had every provider request, against the floor: the same requests
// from a bare HTTP client at the same limits in the same run (provider-floor.ts). Then calls to the first size at
// `--cps` (0: none): the floor is the pace itself, (calls - 1) / cps. Prints figures, floors, ratios and the load; asserts nothing.
const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : fallback;
};
const SIZES = option('sizes', '10000,100000').split(',').map(Number);
const CALLS_PER_SECOND = Number(option('cps', '100'));
const TWILIO_LATENCY_MS = 150;
const TWILIO_CONCURRENCY = 100;
const FCM_LATENCY_MS = 100;
const FCM_BATCH = 500;
const FROM = '+15005550006';
/** The warm-up send: enough for several batches of each channel (a first send of 100 left the next one 15 % slower). */
const WARM_UP_MEMBERS = 2000;

/** Polls `probe` until it is true. */
async function until(probe: () => boolean | Promise<boolean>, everyMs: number, timeoutMs = 3_600_000) {
  const deadline = performance.now() + timeoutMs;
  while (!(await probe())) {
    if (performance.now() > deadline) throw new Error('the delivery did not finish in time');
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

async function main() {
  const log = (line: string) => console.log(line);
  if (!args.includes('--no-build')) buildIfNeeded(log);
  const { databaseUrl, redisUrl, db, stop } = await startBenchServices();
  const twilio = await startFakeTwilio({
    latencyMs: TWILIO_LATENCY_MS,
    maxConcurrent: TWILIO_CONCURRENCY,
    callsPerSecond: CALLS_PER_SECOND || 1,
  });
  const fcm = await startFakeFcm();
  fcm.delayMs = FCM_LATENCY_MS;
  const server = await startTestServer(databaseUrl, { LOG_LEVEL: 'error', DATABASE_POOL_SIZE: '10' });
  const worker = await startBenchWorker({ databaseUrl, redisUrl }, server, {
    // Everyone gets the SMS, so the fallback SMS jobs find nobody to text; later than the run, so they do not run in it.
    FALLBACK_SMS_DELAY_SECONDS: '3600',
    TWILIO_ACCOUNT_SID: twilio.accountSid,
    TWILIO_AUTH_TOKEN: twilio.authToken,
    TWILIO_FROM_NUMBER: FROM,
    TWILIO_API_URL: twilio.url,
    TWILIO_MAX_CONCURRENT_REQUESTS: String(TWILIO_CONCURRENCY),
    TWILIO_CALLS_PER_SECOND: String(CALLS_PER_SECOND || 1),
    FCM_SERVICE_ACCOUNT: fcm.serviceAccountFile,
    FCM_API_URL: fcm.url,
  });

  /** Sends an alert to the whole company; the ms from its answer until the fakes had `sms`, `push` and `calls` more. */
  async function deliver(
    company: SeededCompany,
    channels: string[],
    expected: { sms: number; push: number; calls: number },
  ) {
    const before = { sms: twilio.messages.length, push: fcm.requests.length, calls: twilio.calls.length };
    const response = await call(server.url, 'POST', '/api/alerts/alert', {
      token: company.adminToken,
      customerId: company.companyId,
      body: {
        title: 'Benchmark alert',
        message: 'This is a benchmark of delivering an alert',
        channels,
        target: { company: true },
      },
    });
    const answered = performance.now();
    if (response.status !== 201) throw new Error(`send answered ${response.status}: ${JSON.stringify(response.body)}`);
    const { alertId } = response.body as { alertId: string };
    await until(
      () =>
        twilio.messages.length - before.sms >= expected.sms &&
        fcm.requests.length - before.push >= expected.push &&
        twilio.calls.length - before.calls >= expected.calls,
      20,
    );
    const last = Math.max(
      expected.sms || expected.calls ? twilio.lastCreateAt : 0,
      expected.push ? fcm.lastRequestAt : 0,
    );
    const issued = last - answered;
    await until(
      async () => (await db.receipt.count({ where: { alertId, state: { in: ['pending', 'processing'] } } })) === 0,
      200,
    );
    const recorded = performance.now() - answered;
    const counts = {
      sms: twilio.messages.length - before.sms,
      push: fcm.requests.length - before.push,
      calls: twilio.calls.length - before.calls,
    };
    if (counts.sms !== expected.sms || counts.push !== expected.push || counts.calls !== expected.calls)
      throw new Error(`expected ${JSON.stringify(expected)} requests, the providers had ${JSON.stringify(counts)}`);
    return { issued, recorded };
  }

  try {
    const companies: { size: number; company: SeededCompany }[] = [];
    for (const [index, size] of [WARM_UP_MEMBERS, ...SIZES].entries()) {
      const started = performance.now();
      const company = await seedCompany(db, { key: `deliver${index}`, members: size, phonePrefix: String(10 + index) });
      companies.push({ size, company });
      log(`Seeded ${size} members (+1 admin) in ${ms(performance.now() - started)}`);
    }
    await db.$executeRaw`ANALYZE`;
    const devices = (companyId: string) =>
      db.device.count({ where: { user: { memberships: { some: { companyId } } }, pushToken: { not: null } } });

    // Warm-up: the worker's first FCM token, connections and code paths at batch sizes.
    const [warm, ...measured] = companies;
    await deliver(warm.company, ['push', 'sms'], {
      sms: warm.size + 1,
      push: await devices(warm.company.companyId),
      calls: 0,
    });

    log(
      `\nTwilio ${TWILIO_LATENCY_MS} ms, ${TWILIO_CONCURRENCY} requests at once (429 / 20429 past that); FCM ${FCM_LATENCY_MS} ms per request, ${FCM_BATCH} at once`,
    );
    for (const { size, company } of measured) {
      const expected = { sms: size + 1, push: await devices(company.companyId), calls: 0 };
      log(`\n${size} members: push + SMS, ${expected.sms} SMS and ${expected.push} pushes (${loadAverage()})`);
      const refusedBefore = twilio.tooManyRequests;
      const { issued, recorded } = await deliver(company, ['push', 'sms'], expected);
      const floor = await timeProviderFloor(twilio, fcm, FROM, {
        sms: expected.sms,
        push: expected.push,
        twilioConcurrency: TWILIO_CONCURRENCY,
        fcmConcurrency: FCM_BATCH,
      });
      log(
        `  every provider request issued: ${ms(issued)} after the send's answer (every receipt recorded: ${ms(recorded)})`,
      );
      log(`  floor, a bare HTTP client at the same limits: ${ms(floor)}; ratio ${(issued / floor).toFixed(2)}`);
      log(`  Twilio answered 429 (20429) to ${twilio.tooManyRequests - refusedBefore} requests; ${loadAverage()}`);
    }

    if (CALLS_PER_SECOND > 0) {
      const { size, company } = measured[0];
      const calls = size + 1;
      log(`\nCalls: ${calls} at ${CALLS_PER_SECOND} calls per second (${loadAverage()})`);
      const { issued } = await deliver(company, ['voice'], { sms: 0, push: 0, calls });
      const floor = ((calls - 1) * 1000) / CALLS_PER_SECOND;
      const queued = twilio.calls.slice(-calls).map((placed) => placed.queueTimeMs);
      log(`  every call requested: ${ms(issued)}; floor, the pace: ${ms(floor)}; ratio ${(issued / floor).toFixed(2)}`);
      log(`  longest wait in Twilio's queue: ${ms(Math.max(...queued))}; ${loadAverage()}`);
    }
  } finally {
    await worker.stop();
    await server.stop();
    await Promise.all([twilio.stop(), fcm.stop()]);
    await stop();
  }
}

await main();
