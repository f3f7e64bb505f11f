import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import { applyMigrations } from '@/lib/db/apply-migrations';
import { PrismaClient } from '@/lib/generated/prisma/client';
import { startAppServer, type AppServer } from '@/scripts/lib/app-server';
import { createDatabase } from '@/scripts/lib/databases';
import { freePort } from '@/scripts/lib/ports';
import { call } from '../helpers/api-client';
import { settledReceipts } from '../helpers/alert-delivery';
import { startFakeProviders, type FakeProviders } from '../helpers/fake-providers';
import { printFigures } from '../helpers/figures';
import { createMember } from '../helpers/fixtures';
import { insertPhoneMembers } from '../helpers/phone-members';
import { startPostgresProcess, type PostgresProcess } from '../helpers/postgres-process';
import { testEnv } from '../helpers/test-env';
import { startTestWorker, type TestWorker } from '../helpers/test-worker';

// R3 (docs/reliability.md): Postgres restarted in the middle of a fan-out and of sends. A Postgres of this test's own
// (scripts/lib/postgres-server.ts, as production runs it: fsync on), a real server and worker on it, fake Twilio and FCM.
// A push + SMS alert to 1,000 people is being delivered when Postgres stops (fast shutdown: every connection is cut,
// open transactions roll back) and starts again; sends to the whole company go on all the while, a burst of them in
// flight as it stops. Every send answers 201 (and its alert is whole: every recipient and receipt) or 503 (and nothing
// of it is stored); the fan-out resumes once Postgres is back; every stored alert reaches every person once per channel
// (no SMS twice, a push at most once per attempt of its receipt).
const MEMBERS = 1_000;
const PEOPLE = MEMBERS + 1;
/** Sends one after another during the restart, one every SEND_GAP_MS, from just before Postgres stops. */
const SENDS = 8;
const SEND_GAP_MS = 700;
const BURST = 4;
const DOWN_MS = 2_000;
const LEASE_SECONDS = 5;
const DATABASE = 'tocsin';

let dir: string;
let postgres: PostgresProcess;
let postgresPort: number;
let db: PrismaClient;
let providers: FakeProviders;
let server: AppServer;
let worker: TestWorker;

const startOwnPostgres = () => startPostgresProcess(path.join(dir, 'postgres'), postgresPort);

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'tocsin-r3-'));
  // mkdtemp makes the folder private; the postgres system user (when we are root) must reach its data folder inside.
  await chmod(dir, 0o755);
  postgresPort = await freePort();
  [postgres, providers] = await Promise.all([startOwnPostgres(), startFakeProviders()]);
  await createDatabase(postgres.url('postgres'), DATABASE);
  await applyMigrations(postgres.url(DATABASE), path.resolve('prisma/migrations'));
  db = new PrismaClient({ adapter: new PrismaPg({ connectionString: postgres.url(DATABASE), max: 3 }) });
  server = await startAppServer({ databaseUrl: postgres.url(DATABASE), redisUrl: testEnv('TEST_REDIS_URL') });
  worker = await startTestWorker({
    ...process.env,
    DATABASE_URL: postgres.url(DATABASE),
    DATABASE_POOL_SIZE: '4',
    REDIS_URL: testEnv('TEST_REDIS_URL'),
    QUEUE_PREFIX: server.queuePrefix,
    PUBLIC_URL: server.url,
    WORKER_QUEUES: 'maintenance,delivery',
    DELIVERY_LEASE_SECONDS: String(LEASE_SECONDS),
    ...providers.env,
  });
  providers.twilio.setDelay(10);
}, 120_000);

afterAll(async () => {
  await worker?.stop();
  await server?.stop();
  await providers?.stop();
  await db?.$disconnect();
  await postgres?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('R3: Postgres restarted mid fan-out and mid send', () => {
  it('answers each send an error or a whole alert, resumes the fan-out, loses nothing and sends nothing twice', async () => {
    const { twilio, fcm } = providers;
    const company = await db.company.create({
      data: { name: 'Postgres Test Company', plan: 'professional', includedSeats: PEOPLE, activatedAt: new Date() },
    });
    const admin = await createMember(db, company.id, 'admin', 'Ada Admin');
    await db.device.create({
      data: { userId: admin.user.id, name: 'Phone', platform: 'android', pushToken: `token-${admin.user.id}` },
    });
    await insertPhoneMembers(db, company.id, MEMBERS);
    // Titles that are no part of one another, to count each alert's SMS at Twilio by its text.
    const send = (index: number) =>
      call(server.url, 'POST', '/api/alerts/alert', {
        token: admin.token,
        customerId: company.id,
        body: {
          severity: 'urgentAlert',
          title: `Storm warning [${index}]`,
          message: 'Stay indoors',
          channels: ['push', 'sms'],
          target: { company: true },
        },
      });

    const first = await send(0);
    expect(first.status).toBe(201);
    // Mid fan-out: a third of the first alert's messages are out.
    const deadline = Date.now() + 60_000;
    while (twilio.messages.length + fcm.requests.length < (PEOPLE * 2) / 3 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 5));

    // Mid send: the sends go on while Postgres stops, is down and comes back.
    const answers: { index: number; status: number; startedAt: number }[] = [
      { index: 0, status: first.status, startedAt: 0 },
    ];
    const sends = (async () => {
      for (let index = 1; index <= SENDS; index++) {
        const started = Date.now();
        const answer = await send(index);
        answers.push({ index, status: answer.status, startedAt: started });
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, SEND_GAP_MS - (Date.now() - started))));
      }
    })();
    // And a burst of sends whose transactions (1,001 recipients, 2,002 receipts each) are running when Postgres stops.
    const burst = Array.from({ length: BURST }, (_, offset) =>
      new Promise((resolve) => setTimeout(resolve, offset * 25)).then(async () => {
        const startedAt = Date.now();
        const answer = await send(SENDS + 1 + offset);
        answers.push({ index: SENDS + 1 + offset, status: answer.status, startedAt });
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, BURST * 25));
    const stoppedAt = Date.now();
    await postgres.stop();
    await new Promise((resolve) => setTimeout(resolve, DOWN_MS));
    postgres = await startOwnPostgres();
    const backAt = Date.now();
    const downMs = backAt - stoppedAt;
    await Promise.all([sends, ...burst]);

    // Every alert stored, whole or not, and how each one ended.
    const alerts = await db.alert.findMany({
      where: { companyId: company.id },
      select: { id: true, title: true, _count: { select: { recipients: true } } },
    });
    const indexOf = (title: string) => Number(/\[(\d+)\]/.exec(title)?.[1]);
    const receiptsOf = new Map<string, Awaited<ReturnType<typeof settledReceipts>>>();
    for (const alert of alerts) receiptsOf.set(alert.id, await settledReceipts(db, alert.id, 90_000));

    const stored = new Set(alerts.map((alert) => indexOf(alert.title)));
    const halfWritten = alerts.filter(
      (alert) => alert._count.recipients !== PEOPLE || receiptsOf.get(alert.id)?.length !== PEOPLE * 2,
    );
    const acceptedNotStored = answers.filter((answer) => answer.status === 201 && !stored.has(answer.index));
    const refusedButStored = answers.filter((answer) => answer.status !== 201 && stored.has(answer.index));
    const not503 = answers.filter((answer) => answer.status !== 201 && answer.status !== 503);

    const receipts = [...receiptsOf.values()].flat();
    const notSent = receipts.filter((receipt) => receipt.state !== 'sent');
    const smsPerAlertAndPhone = new Map<string, number>();
    for (const message of twilio.messages) {
      const key = `${/\[(\d+)\]/.exec(message.body)?.[1]}:${message.to}`;
      smsPerAlertAndPhone.set(key, (smsPerAlertAndPhone.get(key) ?? 0) + 1);
    }
    const pushRequests = new Map<string, number>();
    for (const request of fcm.requests) {
      const key = `${request.message.android?.collapse_key}:${request.token}`;
      pushRequests.set(key, (pushRequests.get(key) ?? 0) + 1);
    }
    const push = receipts.filter((receipt) => receipt.channel === 'push');
    const figures = {
      sends: answers.length,
      accepted: answers.filter((answer) => answer.status === 201).length,
      refused503: answers.filter((answer) => answer.status === 503).length,
      otherAnswers: not503.length,
      alertsStored: alerts.length,
      halfWritten: halfWritten.length,
      acceptedNotStored: acceptedNotStored.length,
      refusedButStored: refusedButStored.length,
      receipts: receipts.length,
      notSent: notSent.length,
      smsExpected: alerts.length * PEOPLE,
      smsSent: twilio.messages.length,
      smsTwice: [...smsPerAlertAndPhone.values()].filter((count) => count > 1).length,
      pushMissing: push.filter((receipt) => !pushRequests.get(`${receipt.alertId}:token-${receipt.userId}`)).length,
      pushTwice: [...pushRequests.values()].filter((count) => count === 2).length,
      pushBeyondAttempts: push.filter(
        (receipt) => (pushRequests.get(`${receipt.alertId}:token-${receipt.userId}`) ?? 0) > receipt.attempts,
      ).length,
      downMs,
      refusedOnceBack: answers.filter((answer) => answer.startedAt >= backAt && answer.status !== 201).length,
    };
    const held = answers.filter(
      (answer) =>
        (answer.status === 201 && stored.has(answer.index)) || (answer.status === 503 && !stored.has(answer.index)),
    ).length;
    printFigures('R3', 'Postgres restarted mid fan-out and mid send', {
      tried: answers.length,
      held: halfWritten.length === 0 && notSent.length === 0 && figures.smsTwice === 0 ? held : 0,
      failed: answers.length - held,
      ...figures,
    });
    const when = (answer: { startedAt: number }) => (answer.startedAt ? answer.startedAt - backAt : '-');
    console.log(
      `R3: answers (index:status@ms from Postgres back) ${answers.map((a) => `${a.index}:${a.status}@${when(a)}`).join(' ')}`,
    );

    expect(figures.refused503).toBeGreaterThan(0);
    expect({ halfWritten, acceptedNotStored, refusedButStored, not503 }).toEqual({
      halfWritten: [],
      acceptedNotStored: [],
      refusedButStored: [],
      not503: [],
    });
    expect(notSent).toEqual([]);
    expect(figures).toMatchObject({
      smsSent: figures.smsExpected,
      smsTwice: 0,
      pushMissing: 0,
      pushBeyondAttempts: 0,
      // The server's connection pool drops the connections the restart cut: a send made once Postgres is back succeeds.
      refusedOnceBack: 0,
    });
  }, 240_000);
});
