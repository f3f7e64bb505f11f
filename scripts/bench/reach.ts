import { createSession } from '@/lib/auth/create-session';
import { mapConcurrently } from '@/lib/map-concurrently';
import { call } from '@/tests/helpers/api-client';
import { startFakeProviders } from '@/tests/helpers/fake-providers';
import { seededRandom } from '@/tests/helpers/seeded-random';
import { startTestServer } from '@/tests/helpers/test-server';
import { buildIfNeeded } from '../lib/build-if-needed';
import { startBenchServices, startBenchWorker } from './bench-services';
import { loadAverage, ms } from './measure';
import { seedCompany } from './seed-scale';

// Usage: npm run bench:reach [-- [--no-build] <members>]
// Issue 21 item 9: who an alert reaches, and when, through the real server, the real worker and the provider fakes. A
// company of 10,000 on a paying plan gets a push alert (so the fallback SMS applies): 30 % have no app, 5 % of the apps
// have a dead token (FCM answers UNREGISTERED), 2 % of the numbers fail their first SMS request with a passing error
// (Twilio 503) and succeed on the retry; of the apps the push reached, 95 % confirm (POST /api/alerts/{id}/received with
// the person's session) at a random moment within the first 90 s, the others stay silent (a phone in a drawer). Twilio
// answers in 150 ms, FCM in 100 ms. The fallback delay is the product's own (2 minutes).
//
// Prints, from the send's answer: the share of people reached on at least one channel (a push FCM took, or an SMS
// Twilio took) by 2:10 and by 5:00, when the last fallback SMS was requested, people told twice on one channel, and SMS
// sent to someone whose app had confirmed before the SMS was requested. Goal: 100 % by 2:10, none twice, none after a
// confirmation. Takes a little over 5 minutes after the seed. Asserts nothing.
const args = process.argv.slice(2);
const skipBuild = args.includes('--no-build');
const [membersArg] = args.filter((arg) => arg !== '--no-build');
const MEMBERS = Number(membersArg ?? 10_000);

const APP_SHARE = 0.7;
const DEAD_TOKEN_SHARE = 0.05;
const FLAKY_SMS_SHARE = 0.02;
const CONFIRMING_SHARE = 0.95;
const CONFIRM_WITHIN_MS = 90_000;
const CONFIRM_RETRY_MS = 5_000;
const TWILIO_LATENCY_MS = 150;
const FCM_LATENCY_MS = 100;
const CHECKPOINTS_MS = [130_000, 300_000];
/** How often the run looks at what the fakes received: the precision of every time printed. */
const LOOK_EVERY_MS = 100;

interface Person {
  id: string;
  phone: string;
  token: string | null;
  session?: string;
  reachedAt?: number;
  confirmedAt?: number;
  pushes: number;
  texts: number[];
}

const percent = (part: number, whole: number) => `${((100 * part) / Math.max(whole, 1)).toFixed(2)} %`;
const clock = (elapsed: number) =>
  `${Math.floor(elapsed / 60_000)}:${String(Math.floor((elapsed % 60_000) / 1000)).padStart(2, '0')}`;

async function main() {
  const log = (line: string) => console.log(line);
  if (!skipBuild) buildIfNeeded(log);
  const random = seededRandom(21_009);
  const { databaseUrl, redisUrl, db, stop } = await startBenchServices();
  const { twilio, fcm, env: providersEnv, stop: stopProviders } = await startFakeProviders();
  twilio.setDelay(TWILIO_LATENCY_MS);
  fcm.delayMs = FCM_LATENCY_MS;
  const server = await startTestServer(databaseUrl, { LOG_LEVEL: 'error', DATABASE_POOL_SIZE: '10' });
  const worker = await startBenchWorker({ databaseUrl, redisUrl }, server, providersEnv);
  const confirmations: Promise<unknown>[] = [];
  try {
    const seedStarted = performance.now();
    const company = await seedCompany(db, { key: 'reach', members: MEMBERS, phonePrefix: '94', appShare: APP_SHARE });
    const rows = await db.user.findMany({
      where: { memberships: { some: { companyId: company.companyId, role: 'user' } } },
      select: { id: true, phone: true, devices: { select: { pushToken: true } } },
    });
    const people = rows.map((row): Person => ({
      id: row.id,
      phone: row.phone as string,
      token: row.devices[0]?.pushToken ?? null,
      pushes: 0,
      texts: [],
    }));
    const byToken = new Map(people.filter((person) => person.token).map((person) => [person.token, person]));
    const byPhone = new Map(people.map((person) => [person.phone, person]));
    let deadTokens = 0;
    for (const person of people) {
      if (person.token && random() < DEAD_TOKEN_SHARE) {
        fcm.fail(person.token, 'UNREGISTERED');
        deadTokens += 1;
      }
      if (random() < FLAKY_SMS_SHARE) twilio.flakyNumbers.set(person.phone, 1);
    }
    const confirming = people.filter((person) => person.token && random() < CONFIRMING_SHARE);
    await mapConcurrently(confirming, 10, async (person) => {
      person.session = (await createSession(db, { userId: person.id, extended: false, now: new Date() })).token;
    });
    log(
      `Seeded ${people.length} members in ${ms(performance.now() - seedStarted)}: ${byToken.size} with the app ` +
        `(${deadTokens} of them with a dead token), ${twilio.flakyNumbers.size} numbers whose first SMS fails, ` +
        `${confirming.length} apps that confirm`,
    );
    log(`Before sending: ${loadAverage()}`);

    const response = await call(server.url, 'POST', '/api/alerts/alert', {
      token: company.adminToken,
      customerId: company.companyId,
      body: { title: 'Reach test', message: 'Evacuate building B', channels: ['push'], target: { company: true } },
    });
    const sent = performance.now();
    const sentWallClock = Date.now();
    if (response.status !== 201) throw new Error(`send answered ${response.status}: ${JSON.stringify(response.body)}`);
    const { alertId } = response.body as { alertId: string };

    let [pushesSeen, textsSeen] = [0, 0];
    /** Failed confirmation attempts by what they got: a status or the client's error. */
    const confirmFailures = new Map<string, number>();
    /** The app's confirmation; one that fails (an error answer, no answer) is tried again 5 s later, like the app does. */
    const confirm = (person: Person, inMs: number) =>
      setTimeout(() => {
        if (performance.now() - sent > CHECKPOINTS_MS[CHECKPOINTS_MS.length - 1]) return;
        confirmations.push(
          call(server.url, 'POST', `/api/alerts/${alertId}/received`, {
            token: person.session,
            customerId: company.companyId,
            body: {},
          })
            .then((answer) => String(answer.status))
            .catch((error: unknown) => (error instanceof Error ? error.message : String(error)))
            .then((answer) => {
              if (answer === '200') {
                person.confirmedAt ??= performance.now() - sent;
                return;
              }
              confirmFailures.set(answer, (confirmFailures.get(answer) ?? 0) + 1);
              confirm(person, CONFIRM_RETRY_MS);
            }),
        );
      }, inMs);
    const look = () => {
      const elapsed = performance.now() - sent;
      for (; pushesSeen < fcm.requests.length; pushesSeen += 1) {
        const request = fcm.requests[pushesSeen];
        const person = byToken.get(request.token);
        if (!person || !request.name) continue;
        person.pushes += 1;
        person.reachedAt ??= elapsed;
        if (person.session && person.pushes === 1) confirm(person, Math.max(0, random() * CONFIRM_WITHIN_MS - elapsed));
      }
      for (; textsSeen < twilio.messages.length; textsSeen += 1) {
        const message = twilio.messages[textsSeen];
        const person = byPhone.get(message.to);
        if (!person) continue;
        // When the fake took it, not when this loop saw it: an SMS and a confirmation can be that close.
        const requested = message.dateCreated.getTime() - sentWallClock;
        person.texts.push(requested);
        person.reachedAt ??= requested;
      }
    };
    const reachedBy = CHECKPOINTS_MS.map(() => 0);
    for (const [index, checkpoint] of CHECKPOINTS_MS.entries()) {
      while (performance.now() - sent < checkpoint) {
        look();
        await new Promise((resolve) => setTimeout(resolve, LOOK_EVERY_MS));
      }
      look();
      reachedBy[index] = people.filter((person) => person.reachedAt !== undefined).length;
      log(`  ${clock(checkpoint)}: ${percent(reachedBy[index], people.length)} reached (${loadAverage()})`);
    }
    await Promise.allSettled(confirmations);

    const texts = people.flatMap((person) => person.texts);
    const lastText = texts.length ? Math.max(...texts) : NaN;
    const unreached = people.filter((person) => person.reachedAt === undefined);
    log(`\nReach of a push alert with the fallback SMS, ${people.length} recipients (times from the send's answer)`);
    for (const [index, checkpoint] of CHECKPOINTS_MS.entries())
      log(`  reached on at least one channel by ${clock(checkpoint)}: ${percent(reachedBy[index], people.length)}`);
    log(`  pushes FCM took: ${people.filter((person) => person.pushes > 0).length}; SMS Twilio took: ${texts.length}`);
    log(
      `  confirmed by their app: ${people.filter((person) => person.confirmedAt !== undefined).length}` +
        ` (${[...confirmFailures.values()].reduce((sum, count) => sum + count, 0)} attempts failed and were tried` +
        ` again${confirmFailures.size ? `: ${[...confirmFailures].map(([what, count]) => `${what} × ${count}`).join(', ')}` : ''})`,
    );
    log(`  last SMS requested at ${Number.isNaN(lastText) ? '-' : `${clock(lastText)} (${ms(lastText)})`}`);
    log(
      `  told twice on one channel: ${people.filter((person) => person.pushes > 1).length} by push, ` +
        `${people.filter((person) => person.texts.length > 1).length} by SMS`,
    );
    log(
      `  SMS requested after the person's app had confirmed: ${
        people.filter(
          (person) => person.confirmedAt !== undefined && person.texts.some((at) => at > person.confirmedAt!),
        ).length
      }`,
    );
    log(`  never reached: ${unreached.length}`);
    log(`  goal: 100 % by 2:10, 0 twice, 0 after a confirmation; ${loadAverage()}`);
    const stillPending = await db.receipt.groupBy({
      by: ['channel', 'fallback', 'state'],
      where: { alertId },
      _count: true,
    });
    log(
      `  receipts: ${stillPending.map((row) => `${row.channel}${row.fallback ? ' fallback' : ''} ${row.state} ${row._count}`).join(', ')}`,
    );
  } finally {
    await Promise.allSettled(confirmations);
    await worker.stop();
    await server.stop();
    await stopProviders();
    await stop();
  }
}

await main();
