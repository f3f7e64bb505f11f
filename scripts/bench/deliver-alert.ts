import os from 'node:os';
import { createSession } from '@/lib/auth/create-session';
import type { PrismaClient } from '@/lib/generated/prisma/client';
import { call } from '@/tests/helpers/api-client';
import { startFakeProviders } from '@/tests/helpers/fake-providers';
import { insertPhoneMembers } from '@/tests/helpers/phone-members';
import { startTestServer } from '@/tests/helpers/test-server';
import { startTestWorker } from '@/tests/helpers/test-worker';
import { buildIfNeeded } from '../lib/build-if-needed';
import { startBenchServices } from './bench-services';
import { timeCopyFloor } from './copy-floor';

// Usage: npm run bench:deliver-alert [-- [--no-build] <members> <sends>]  (--no-build: use the existing build as it is)
// How fast the delivery worker fans out a push + SMS alert to a company of 10,000 members, everyone with a phone number
// and the app: the real server, the real worker, a durable Postgres (fsync on) and Redis, and local fakes in FCM's and
// Twilio's shape answering on loopback at once. For each send: the time from the send's answer until the fakes have had
// every provider request, recipients per second, and the time until every receipt is recorded sent. As the floor: the
// same receipt rows written by one COPY into a copy of the Receipt table (scripts/bench/copy-floor.ts).
// Prints figures; asserts nothing.
const args = process.argv.slice(2);
const skipBuild = args.includes('--no-build');
const [membersArg, sendsArg] = args.filter((arg) => arg !== '--no-build');
const MEMBERS = Number(membersArg ?? 10_000);
const SENDS = Number(sendsArg ?? 3);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value: number) => `${value.toFixed(0)} ms`;
const perSecond = (count: number, elapsedMs: number) => `${Math.round((count * 1000) / elapsedMs)}/s`;

async function seedCompany(db: PrismaClient) {
  const company = await db.company.create({
    data: { name: 'Bench Company', plan: 'enterprise', includedSeats: MEMBERS + 1, activatedAt: new Date() },
  });
  const admin = await db.user.create({
    data: { email: 'bench-admin@example.test', name: 'Bench Admin', phone: '+4740000000' },
  });
  await db.membership.create({ data: { companyId: company.id, userId: admin.id, role: 'admin' } });
  await db.device.create({
    data: { userId: admin.id, name: 'Phone', platform: 'android', pushToken: `token-${admin.id}` },
  });
  await insertPhoneMembers(db, company.id, MEMBERS);
  await db.$executeRaw`ANALYZE`;
  const { token } = await createSession(db, { userId: admin.id, extended: false, now: new Date() });
  return { company, token };
}

/** Polls `probe` until it is true; resolves with the time it first was (performance.now()). */
async function when(probe: () => boolean | Promise<boolean>, everyMs: number, timeoutMs = 600_000): Promise<number> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    if (await probe()) return performance.now();
    if (performance.now() > deadline) throw new Error('the delivery did not finish in time');
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

async function main() {
  const log = (line: string) => console.log(line);
  if (!skipBuild) buildIfNeeded(log);
  const { databaseUrl, redisUrl, db, stop } = await startBenchServices();
  const { twilio, fcm, env: providersEnv, stop: stopProviders } = await startFakeProviders();
  const server = await startTestServer(databaseUrl, { LOG_LEVEL: 'error', DATABASE_POOL_SIZE: '10' });
  const worker = await startTestWorker({
    ...process.env,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    QUEUE_PREFIX: server.queuePrefix,
    PUBLIC_URL: server.url,
    // Everyone gets the SMS, so the fallback SMS jobs find nobody to text; later than the run, so they do not run during it.
    FALLBACK_SMS_DELAY_SECONDS: '3600',
    ...providersEnv,
  });
  try {
    const seedStarted = performance.now();
    const { company, token } = await seedCompany(db);
    console.log(
      `Seeded ${MEMBERS} members (+1 admin), each with a phone number and an android phone, in ${ms(performance.now() - seedStarted)}`,
    );
    console.log(`Load average (1 min) before sending: ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`);

    const body = {
      title: 'Benchmark alert',
      message: 'This is a benchmark of delivering an alert',
      channels: ['push', 'sms'],
      target: { company: true },
    };
    const runs: { issued: number; push: number; sms: number; recorded: number; recipients: number }[] = [];
    let lastAlertId = '';
    // The first send is a warm-up: the worker's first FCM token, connections and code paths.
    for (let send = 0; send <= SENDS; send += 1) {
      const [smsBefore, pushBefore] = [twilio.messages.length, fcm.requests.length];
      const response = await call(server.url, 'POST', '/api/alerts/alert', { token, customerId: company.id, body });
      const answered = performance.now();
      if (response.status !== 201)
        throw new Error(`send answered ${response.status}: ${JSON.stringify(response.body)}`);
      const { alertId, recipients } = response.body as { alertId: string; recipients: number };
      const pushes = when(() => fcm.requests.length - pushBefore >= recipients, 5);
      const texts = when(() => twilio.messages.length - smsBefore >= recipients, 5);
      const recorded = when(
        async () => (await db.receipt.count({ where: { alertId, state: { not: 'sent' } } })) === 0,
        50,
      );
      const [push, sms, done] = await Promise.all([pushes, texts, recorded]);
      if (fcm.requests.length - pushBefore !== recipients || twilio.messages.length - smsBefore !== recipients) {
        throw new Error(
          `expected ${recipients} requests per provider, got ${fcm.requests.length - pushBefore} push and ${twilio.messages.length - smsBefore} SMS`,
        );
      }
      lastAlertId = alertId;
      if (send > 0)
        runs.push({
          issued: Math.max(push, sms) - answered,
          push: push - answered,
          sms: sms - answered,
          recorded: done - answered,
          recipients,
        });
    }

    const { recipients } = runs[runs.length - 1];
    const issued = runs.map((run) => run.issued);
    console.log(
      `\nWhole company, push + sms, ${recipients} recipients: ${SENDS} sends after one warm-up (times from the send's answer)`,
    );
    console.log(
      `  every provider request issued (${recipients} push + ${recipients} SMS): median ${ms(median(issued))}, min ${ms(Math.min(...issued))}, max ${ms(Math.max(...issued))}`,
    );
    console.log(
      `  recipients per second: ${perSecond(recipients, median(issued))} (provider requests per second: ${perSecond(2 * recipients, median(issued))})`,
    );
    console.log(
      `  last push request: median ${ms(median(runs.map((run) => run.push)))}; last SMS request: median ${ms(median(runs.map((run) => run.sms)))}`,
    );
    console.log(`  every receipt recorded sent: median ${ms(median(runs.map((run) => run.recorded)))}`);
    const floor = await timeCopyFloor(databaseUrl, [
      { table: 'Receipt', where: '"alertId" = $1', params: [lastAlertId] },
    ]);
    console.log(
      `  floor: the same ${floor.rows} receipt rows by one COPY into a copy of the table (same indexes): ${ms(floor.elapsed)} (${perSecond(floor.rows, floor.elapsed)})`,
    );
  } finally {
    await worker.stop();
    await server.stop();
    await stopProviders();
    await stop();
  }
}

await main();
