import http from 'node:http';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import twilio from 'twilio';
import { newToken } from '@/lib/auth/session-token';
import type { PrismaClient } from '@/lib/generated/prisma/client';
import { call } from '@/tests/helpers/api-client';
import { startTestServer } from '@/tests/helpers/test-server';
import { buildIfNeeded } from '../lib/build-if-needed';
import { startBenchServices } from './bench-services';
import { loadAverage, ms, percentile, stealMeter } from './measure';
import { analyze, seedCompany, type SeededCompany } from './seed-scale';

// Usage: npm run bench:answers [-- [--no-build] [<people>] [<seconds>]]  (default 10,000 people within 60 s)
// Issue 36: answers to an alert's response options from <people> people arriving within <seconds>, half as signed
// Twilio SMS replies (POST /api/webhooks/twilio/inbound-sms) and half from the device API (POST
// /api/alerts/{id}/answer), each at a random moment of the window (open loop: arrivals do not wait for answers), through
// the real server on a durable Postgres. Meanwhile an admin's delivery report is read every 2 s (its answer time, and
// how many it counts as accounted for). Checks that every answer is recorded and counted; prints the webhook's and the
// device API's answer time p50/p95 and the report's. Then the recording capacity: a second alert answered by the same
// people as fast as 50 clients can, against the floor of a plain INSERT of the same answer rows (one row per statement,
// autocommit, over as many connections as the server's pool). Prints figures; asserts no times.
const args = process.argv.slice(2);
const skipBuild = args.includes('--no-build');
const [peopleArg, secondsArg] = args.filter((arg) => arg !== '--no-build');
const PEOPLE = Number(peopleArg ?? 10_000);
const WINDOW_MS = Number(secondsArg ?? 60) * 1000;
const POOL = 10;
const BURST_CLIENTS = 50;
const REPORT_EVERY_MS = 2_000;
const AUTH_TOKEN = 'bench-twilio-auth-token';
const TWILIO_FROM = '+4790000000';

interface Person {
  userId: string;
  phone: string;
  /** A device API session (only the people who answer from the app). */
  token: string | null;
}

/** The members, every second one with a session of their own (bulk insert) to answer from the app. */
async function people(db: PrismaClient, company: SeededCompany): Promise<Person[]> {
  const members = await db.user.findMany({
    where: { memberships: { some: { companyId: company.companyId, role: 'user' } } },
    select: { id: true, phone: true },
    orderBy: { phone: 'asc' },
  });
  const now = new Date();
  const later = new Date(now.getTime() + 12 * 3600_000);
  const list = members.map((member, index) => ({
    userId: member.id,
    phone: member.phone!,
    session: index % 2 === 1 ? newToken() : null,
  }));
  await db.session.createMany({
    data: list
      .filter((person) => person.session)
      .map((person) => ({
        tokenHash: person.session!.tokenHash,
        userId: person.userId,
        extended: true,
        createdAt: now,
        lastUsedAt: now,
        idleExpiresAt: later,
        absoluteExpiresAt: later,
      })),
  });
  return list.map((person) => ({ userId: person.userId, phone: person.phone, token: person.session?.token ?? null }));
}

/** An alert with the default options to the whole company, its SMS marked sent (so SMS replies find it). */
async function sendAlert(serverUrl: string, db: PrismaClient, company: SeededCompany, title: string) {
  const sent = await call(serverUrl, 'POST', '/api/alerts/alert', {
    token: company.adminToken,
    customerId: company.companyId,
    body: {
      title,
      message: 'Answer whether you are safe',
      channels: ['push', 'sms'],
      target: { company: true },
      responseOptions: [{ kind: 'safe' }, { kind: 'needsHelp' }],
    },
  });
  if (sent.status !== 201) throw new Error(`send answered ${sent.status}: ${JSON.stringify(sent.body)}`);
  const alertId = sent.body.alertId as string;
  await db.$executeRaw`UPDATE "Receipt" SET state = 'sent', "sentAt" = now() WHERE "alertId" = ${alertId}::uuid AND channel = 'sms'`;
  return alertId;
}

/** One answer as its channel posts it: a signed Twilio SMS reply, or the device API's answer. */
function answerRequest(serverUrl: string, companyId: string, alertId: string, person: Person, option: number) {
  if (person.token) {
    return {
      channel: 'app' as const,
      path: `/api/alerts/${alertId}/answer`,
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${person.token}`,
        CustomerId: companyId,
        'X-Api-Version': '2.2',
      },
      body: JSON.stringify({ option }),
    };
  }
  const path = '/api/webhooks/twilio/inbound-sms';
  const params = {
    From: person.phone,
    To: TWILIO_FROM,
    Body: String(option),
    MessageSid: `SM${randomBytes(16).toString('hex')}`,
  };
  return {
    channel: 'sms' as const,
    path,
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      'X-Twilio-Signature': twilio.getExpectedTwilioSignature(AUTH_TOKEN, `${serverUrl}${path}`, params),
    },
    body: new URLSearchParams(params).toString(),
  };
}

type AnswerRequest = ReturnType<typeof answerRequest>;

function post(agent: http.Agent, serverUrl: string, request: AnswerRequest): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(`${serverUrl}${request.path}`, { method: 'POST', agent, headers: request.headers });
    outgoing.on('error', reject);
    outgoing.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    outgoing.end(request.body);
  });
}

interface Timed {
  channel: 'app' | 'sms';
  elapsed: number;
  status: number;
}

/** Every request sent at its own moment of the window; resolves with each one's answer time once all answered. */
async function openLoop(serverUrl: string, requests: AnswerRequest[]) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 200 });
  const started = performance.now();
  const results = await Promise.all(
    requests.map(
      (request) =>
        new Promise<Timed>((resolve) => {
          setTimeout(async () => {
            const sent = performance.now();
            const status = await post(agent, serverUrl, request).catch(() => 0);
            resolve({ channel: request.channel, elapsed: performance.now() - sent, status });
          }, Math.random() * WINDOW_MS);
        }),
    ),
  );
  agent.destroy();
  return { results, elapsed: performance.now() - started };
}

/** The same kind of requests, as fast as `clients` clients can send them one after the other. */
async function closedLoop(serverUrl: string, requests: AnswerRequest[], clients: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const results: Timed[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < requests.length) {
        const request = requests[next++];
        const sent = performance.now();
        const status = await post(agent, serverUrl, request).catch(() => 0);
        results.push({ channel: request.channel, elapsed: performance.now() - sent, status });
      }
    }),
  );
  agent.destroy();
  return { results, elapsed: performance.now() - started };
}

/** Reads the delivery report every REPORT_EVERY_MS until stopped: its answer times and the accounted-for counts. */
function watchReport(serverUrl: string, company: SeededCompany, alertId: string) {
  const reads: { elapsed: number; accountedFor: number; status: number }[] = [];
  let stopped = false;
  const done = (async () => {
    while (!stopped) {
      const sent = performance.now();
      const report = await call(serverUrl, 'GET', `/api/alerts/${alertId}/deliveries?pageSize=50`, {
        token: company.adminToken,
        customerId: company.companyId,
      });
      reads.push({
        elapsed: performance.now() - sent,
        accountedFor: report.body?.answers?.accountedFor ?? -1,
        status: report.status,
      });
      await new Promise((resolve) => setTimeout(resolve, REPORT_EVERY_MS));
    }
  })();
  return {
    reads,
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}

function summary(results: Timed[], channel: Timed['channel']) {
  const times = results.filter((result) => result.channel === channel).map((result) => result.elapsed);
  return `${times.length} answers, p50 ${ms(percentile(times, 0.5))}, p95 ${ms(percentile(times, 0.95))}, max ${ms(Math.max(...times))}`;
}

/** Every answer of `alertId` recorded once and counted as the latest: else throws. */
async function checkRecorded(db: PrismaClient, alertId: string, results: Timed[]) {
  const failed = results.filter((result) => result.status !== 200);
  const [answers, answered] = await Promise.all([
    db.alertAnswer.count({ where: { alertId } }),
    db.alertRecipient.count({ where: { alertId, answeredAt: { not: null } } }),
  ]);
  console.log(`  recorded: ${answers} answers, ${answered} people answered; ${failed.length} requests not 200`);
  if (failed.length > 0 || answers !== PEOPLE || answered !== PEOPLE) {
    throw new Error(`not every answer was recorded: ${JSON.stringify(failed.slice(0, 5))}`);
  }
}

/**
 * The floor: the alert's answer rows written again by plain single-row INSERTs (autocommit, as each answer is its own
 * transaction) over POOL connections into a scratch copy of AlertAnswer with its indexes. Rows per second.
 */
async function insertFloor(databaseUrl: string, alertId: string): Promise<number> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query('DROP TABLE IF EXISTS bench_answer_floor');
  await admin.query('CREATE TABLE bench_answer_floor (LIKE "AlertAnswer" INCLUDING DEFAULTS INCLUDING INDEXES)');
  const { rows } = await admin.query(
    'SELECT id, "alertId", "companyId", "recipientId", "userId", option, kind, channel, "providerId", "answeredAt" FROM "AlertAnswer" WHERE "alertId" = $1',
    [alertId],
  );
  const clients = await Promise.all(
    Array.from({ length: POOL }, async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      return client;
    }),
  );
  let next = 0;
  const started = performance.now();
  await Promise.all(
    clients.map(async (client) => {
      while (next < rows.length) {
        const row = rows[next++];
        await client.query(
          'INSERT INTO bench_answer_floor (id, "alertId", "companyId", "recipientId", "userId", option, kind, channel, "providerId", "answeredAt") VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)',
          Object.values(row),
        );
      }
    }),
  );
  const elapsed = performance.now() - started;
  await Promise.all(clients.map((client) => client.end()));
  const [{ count }] = (await admin.query('SELECT count(*)::int AS count FROM bench_answer_floor')).rows;
  await admin.query('DROP TABLE bench_answer_floor');
  await admin.end();
  if (count !== rows.length) throw new Error(`the floor wrote ${count} of ${rows.length} rows`);
  return (rows.length * 1000) / elapsed;
}

async function main() {
  const log = (line: string) => console.log(line);
  if (!skipBuild) buildIfNeeded(log);
  const { databaseUrl, db, stop } = await startBenchServices();
  const server = await startTestServer(databaseUrl, {
    LOG_LEVEL: 'error',
    DATABASE_POOL_SIZE: String(POOL),
    TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
    TWILIO_AUTH_TOKEN: AUTH_TOKEN,
    TWILIO_FROM_NUMBER: TWILIO_FROM,
  });
  try {
    const company = await seedCompany(db, { key: 'answers', members: PEOPLE, phonePrefix: '91' });
    const persons = await people(db, company);
    await analyze(db);
    console.log(
      `Seeded ${PEOPLE} members (+1 admin), ${persons.filter((person) => person.token).length} with a device session`,
    );

    // Within the window: every person answers once, at a random moment.
    const alertId = await sendAlert(server.url, db, company, 'Are you safe?');
    const requests = persons.map((person, index) =>
      answerRequest(server.url, company.companyId, alertId, person, 1 + (index % 3 === 0 ? 1 : 0)),
    );
    console.log(
      `\n${PEOPLE} answers within ${WINDOW_MS / 1000} s (${(PEOPLE / (WINDOW_MS / 1000)).toFixed(0)} a second), ${loadAverage()}`,
    );
    const steal = stealMeter();
    const report = watchReport(server.url, company, alertId);
    const window = await openLoop(server.url, requests);
    await report.stop();
    await checkRecorded(db, alertId, window.results);
    console.log(`  SMS webhook answer time: ${summary(window.results, 'sms')}`);
    console.log(`  device API answer time: ${summary(window.results, 'app')}`);
    console.log(`  all answered ${ms(window.elapsed - WINDOW_MS)} after the window closed; ${steal()}`);
    const reportTimes = report.reads.map((read) => read.elapsed);
    console.log(
      `  delivery report, read every ${REPORT_EVERY_MS / 1000} s meanwhile: ${report.reads.length} reads (${report.reads.filter((read) => read.status !== 200).length} not 200), ` +
        `p50 ${ms(percentile(reportTimes, 0.5))}, p95 ${ms(percentile(reportTimes, 0.95))}, max ${ms(Math.max(...reportTimes))}; ` +
        `accounted for ${report.reads
          .map((read) => read.accountedFor)
          .filter((_, i, all) => i % Math.ceil(all.length / 8) === 0 || i === all.length - 1)
          .join(' → ')}`,
    );
    const final = await call(server.url, 'GET', `/api/alerts/${alertId}/deliveries?pageSize=1`, {
      token: company.adminToken,
      customerId: company.companyId,
    });
    console.log(
      `  the report after: accounted for ${final.body.answers.accountedFor}, no answer ${final.body.answers.none} (the admin)`,
    );
    if (final.body.answers.accountedFor !== PEOPLE) throw new Error('the report does not count every answer');

    // Capacity: the same people answer another alert as fast as BURST_CLIENTS clients can send.
    const burstAlertId = await sendAlert(server.url, db, company, 'Are you still safe?');
    const burstRequests = persons.map((person) =>
      answerRequest(server.url, company.companyId, burstAlertId, person, 1),
    );
    const burst = await closedLoop(server.url, burstRequests, BURST_CLIENTS);
    console.log(
      `\nCapacity: ${PEOPLE} answers to a second alert by ${BURST_CLIENTS} clients as fast as they go, ${loadAverage()}`,
    );
    await checkRecorded(db, burstAlertId, burst.results);
    const throughput = (PEOPLE * 1000) / burst.elapsed;
    console.log(`  SMS webhook answer time: ${summary(burst.results, 'sms')}`);
    console.log(`  device API answer time: ${summary(burst.results, 'app')}`);
    const floor = await insertFloor(databaseUrl, burstAlertId);
    console.log(
      `  recording throughput: ${throughput.toFixed(0)} answers a second (the window needed ${(PEOPLE / (WINDOW_MS / 1000)).toFixed(0)})`,
    );
    console.log(
      `  floor: the same ${PEOPLE} answer rows by plain single-row INSERTs over ${POOL} connections: ${floor.toFixed(0)} rows a second`,
    );
    console.log(`  ratio (floor / recording throughput): ${(floor / throughput).toFixed(1)}`);
  } finally {
    await server.stop();
    await stop();
  }
}

await main();
