import os from 'node:os';
import { createSession } from '@/lib/auth/create-session';
import type { PrismaClient } from '@/lib/generated/prisma/client';
import { call } from '@/tests/helpers/api-client';
import { startTestServer } from '@/tests/helpers/test-server';
import { buildIfNeeded } from '../lib/build-if-needed';
import { startBenchServices } from './bench-services';
import { timeCopyFloor } from './copy-floor';

// Usage: npm run bench:send-alert [-- [--no-build] <members> <sends>]  (--no-build: use the existing build as it is)
// How long POST /api/alerts/alert takes to answer for a company of 10,000 members, through the real server, on a
// durable Postgres (fsync on, unlike the test services) and Redis. The floor (issue 21, item 7): the rows the last send
// wrote (the alert, its recipients and receipts) by one COPY per table into copies of those tables, in one transaction
// (scripts/bench/copy-floor.ts); goal: the answer ≤ 2 × the floor. Prints figures; asserts nothing.
const args = process.argv.slice(2);
const skipBuild = args.includes('--no-build');
const [membersArg, sendsArg] = args.filter((arg) => arg !== '--no-build');
const MEMBERS = Number(membersArg ?? 10_000);
const SENDS = Number(sendsArg ?? 7);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value: number) => `${value.toFixed(0)} ms`;

async function seedCompany(db: PrismaClient) {
  const company = await db.company.create({
    data: { name: 'Bench Company', plan: 'enterprise', includedSeats: MEMBERS + 1, activatedAt: new Date() },
  });
  const admin = await db.user.create({
    data: { email: 'bench-admin@example.test', name: 'Bench Admin', phone: '+4740000000' },
  });
  await db.membership.create({ data: { companyId: company.id, userId: admin.id, role: 'admin' } });
  // Members, half with the app, each with a last known position around Oslo: bulk SQL, not one query per person.
  await db.$executeRaw`
    INSERT INTO "User" (id, email, name, phone, "createdAt", "updatedAt")
    SELECT gen_random_uuid(), 'bench-' || g || '@example.test', 'Person ' || g, '+4791' || lpad(g::text, 6, '0'), now(), now()
    FROM generate_series(1, ${MEMBERS}::int) AS g`;
  await db.$executeRaw`
    INSERT INTO "Membership" (id, "companyId", "userId", role, "createdAt", "updatedAt")
    SELECT gen_random_uuid(), ${company.id}::uuid, u.id, 'user', now(), now() FROM "User" u WHERE u.email LIKE 'bench-%@example.test' AND u.id <> ${admin.id}::uuid`;
  await db.$executeRaw`
    INSERT INTO "Device" (id, "userId", name, platform, "pushToken", "createdAt", "updatedAt")
    SELECT gen_random_uuid(), u.id, 'Phone', 'android', 'token-' || u.id, now(), now()
    FROM "User" u WHERE u.email LIKE 'bench-%@example.test' AND u.id <> ${admin.id}::uuid AND right(u.phone, 1) IN ('0', '2', '4', '6', '8')`;
  await db.$executeRaw`
    INSERT INTO "Position" (id, "userId", lat, lng, source, "recordedAt")
    SELECT gen_random_uuid(), u.id, 59.91 + (random() - 0.5) * 0.4, 10.75 + (random() - 0.5) * 0.8, 'app', now() - interval '1 minute' * (random() * 600)
    FROM "User" u WHERE u.email LIKE 'bench-%@example.test' AND u.id <> ${admin.id}::uuid`;
  await db.$executeRaw`ANALYZE`;
  const { token } = await createSession(db, { userId: admin.id, extended: false, now: new Date() });
  return { company, token };
}

async function timeSends(url: string, token: string, companyId: string, target: object) {
  const body = {
    title: 'Benchmark alert',
    message: 'This is a benchmark of sending an alert',
    channels: ['push', 'sms'],
    target,
  };
  const send = async () => {
    const started = performance.now();
    const response = await call(url, 'POST', '/api/alerts/alert', { token, customerId: companyId, body });
    const elapsed = performance.now() - started;
    if (response.status !== 201) throw new Error(`send answered ${response.status}: ${JSON.stringify(response.body)}`);
    return { elapsed, body: response.body as { alertId: string; recipients: number; outOfTarget: number } };
  };
  await send(); // warm-up: first request of the route after start
  const runs = [];
  for (let i = 0; i < SENDS; i += 1) runs.push(await send());
  return runs;
}

async function main() {
  const log = (line: string) => console.log(line);
  if (!skipBuild) buildIfNeeded(log);
  const { databaseUrl, db, stop } = await startBenchServices();
  const server = await startTestServer(databaseUrl, { LOG_LEVEL: 'error', DATABASE_POOL_SIZE: '10' });
  try {
    const seedStarted = performance.now();
    const { company, token } = await seedCompany(db);
    console.log(
      `Seeded ${MEMBERS} members (+1 admin) with devices and positions in ${ms(performance.now() - seedStarted)}`,
    );

    const scenarios: [string, object][] = [
      ['whole company, push + sms', { company: true }],
      [
        'whole company in a 10 km circle, push + sms',
        { adHocLocation: { geofence: { type: 'circle', center: { lat: 59.91, lng: 10.75 }, radius: 10_000 } } },
      ],
    ];
    console.log(`Load average (1 min) before sending: ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`);
    for (const [name, target] of scenarios) {
      const runs = await timeSends(server.url, token, company.id, target);
      const last = runs[runs.length - 1].body;
      const [recipientRows, receiptRows] = await Promise.all([
        db.alertRecipient.count({ where: { alertId: last.alertId } }),
        db.receipt.count({ where: { alertId: last.alertId } }),
      ]);
      const times = runs.map((run) => run.elapsed);
      console.log(`\n${name}: ${SENDS} sends after one warm-up`);
      console.log(
        `  answer time: median ${ms(median(times))}, min ${ms(Math.min(...times))}, max ${ms(Math.max(...times))}`,
      );
      console.log(`  answer: recipients ${last.recipients}, outOfTarget ${last.outOfTarget}`);
      console.log(`  written per send: ${recipientRows} recipient rows, ${receiptRows} receipts`);
      const byAlert = { where: '"alertId" = $1', params: [last.alertId] };
      const floor = await timeCopyFloor(databaseUrl, [
        { table: 'Alert', where: 'id = $1', params: [last.alertId] },
        { table: 'AlertRecipient', ...byAlert },
        { table: 'Receipt', ...byAlert },
      ]);
      console.log(
        `  floor: the same ${floor.rows} rows by one COPY per table in one transaction: ${ms(floor.elapsed)}`,
      );
      console.log(`  ratio (median answer / floor): ${(median(times) / floor.elapsed).toFixed(2)} (goal ≤ 2)`);
    }
  } finally {
    await server.stop();
    await stop();
  }
}

await main();
