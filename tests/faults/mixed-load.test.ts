import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PASSWORD } from '../helpers/accounts';
import { waitFor } from '../helpers/alert-delivery';
import { listenToCompany, type CompanyEventListener } from '../helpers/company-events';
import { startFakeProviders, type FakeProviders } from '../helpers/fake-providers';
import { printFigures } from '../helpers/figures';
import { residentMb, startLoadCluster, type LoadCluster } from '../helpers/load-cluster';
import { createLoadCompany, type LoadCompany, type LoadPerson } from '../helpers/load-company';
import { LoadRequests } from '../helpers/load-requests';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

// R8 (docs/reliability.md): two web processes and two workers on one Postgres and Redis, as docker-compose scales out,
// under a mixed load for a bounded time — logins, alert sends (push + SMS to a whole company), list reads, device
// confirmations, and live sockets on both web processes. Every request must get its expected answer, every alert reach
// every person once per channel (counted at the fake Twilio and FCM), every socket hear of every alert of its company,
// and the processes' memory must level off. Prints figures; no timed assertions (latency is a figure only).
const LOAD_MS = 75_000;
/** Memory samples before this point of the load are start-up and JIT warm-up, not a trend. */
const WARM_UP_MS = 15_000;
const SAMPLE_EVERY_MS = 2_000;
/**
 * The last third's average RSS of each process may be at most this multiple of the first third's (after warm-up). A
 * Node process under steady work grows its heap and code caches for a while before the garbage collector's rhythm
 * settles, typically by tens of percent; a leak that keeps something per request, socket event or job grows with the
 * ~2,000 requests and ~800 provider calls of the run instead, far beyond half again as much.
 */
const MEMORY_BOUND = 1.5;
const REQUEST_TIMEOUT_MS = 10_000;
const MEMBERS_PER_COMPANY = 12;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)];
const average = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(values.length, 1);

let providers: FakeProviders;
let database: TestDatabase;
let cluster: LoadCluster;
let companies: LoadCompany[];

beforeAll(async () => {
  providers = await startFakeProviders();
  database = await createTestDatabase();
  companies = [
    await createLoadCompany(database.db, 'Northern Grid', MEMBERS_PER_COMPANY),
    await createLoadCompany(database.db, 'Fjord Ferries', MEMBERS_PER_COMPANY),
  ];
  cluster = await startLoadCluster(database.url, providers.env, { webs: 2, workers: 2 });
}, 180_000);

afterAll(async () => {
  await cluster?.stop();
  await providers?.stop();
  await database?.drop();
});

/** How many times each key occurs more than once. */
function repeats(keys: string[]): number {
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return [...counts.values()].reduce((sum, count) => sum + count - 1, 0);
}

describe('R8: mixed load on two web and two worker processes', () => {
  it('answers every request, delivers every alert once per person and channel, tells every socket, and holds its memory', async () => {
    const requests = new LoadRequests(REQUEST_TIMEOUT_MS);
    let turn = 0;
    /** The web processes in turn, as a load balancer would spread the requests. */
    const web = () => cluster.webs[turn++ % cluster.webs.length].url;

    // Two sockets per company on each web process: the admin's dashboard and a member's.
    const sockets: { companyId: string; listener: CompanyEventListener }[] = [];
    for (const company of companies)
      for (const server of cluster.webs)
        for (const person of [company.admin, company.everyone[1]])
          sockets.push({
            companyId: company.id,
            listener: await listenToCompany(server.url, person.token, company.id),
          });

    const sent: { alertId: string; companyId: string }[] = [];
    const confirmed = new Set<string>();
    const samples: { atMs: number; mb: (number | null)[] }[] = [];
    const startedAt = Date.now();
    const running = () => Date.now() - startedAt < LOAD_MS;
    const everyone = companies.flatMap((company) => company.everyone.map((person) => ({ company, person })));

    /** Whether the person's phone got the alert's push (the fake FCM took it), as the app confirms on a push. */
    const pushed = (person: LoadPerson, alertId: string) =>
      providers.fcm.accepted(`token-${person.userId}`).some((request) => request.message.data?.alertId === alertId);
    /** The person's alert list, and a confirmation from their phone of each alert it got and has not confirmed yet. */
    const confirmAlerts = async (company: LoadCompany, person: LoadPerson) => {
      const auth = { token: person.token, customerId: company.id };
      const mine = await requests.call<{ items: { id: string }[] }>(
        'mine',
        web(),
        'GET',
        '/api/alerts/mine?pageSize=100',
        auth,
        200,
      );
      for (const { id } of mine?.items ?? []) {
        if (confirmed.has(`${person.userId}:${id}`) || !pushed(person, id)) continue;
        const answer = await requests.call(
          'confirm',
          web(),
          'POST',
          `/api/alerts/${id}/received`,
          {
            ...auth,
            body: { deviceId: person.deviceId },
          },
          200,
        );
        if (answer) confirmed.add(`${person.userId}:${id}`);
      }
    };

    const loops = {
      sends: async () => {
        for (let n = 0; running(); n += 1) {
          const company = companies[n % companies.length];
          const answer = await requests.call<{ alertId: string }>(
            'send',
            web(),
            'POST',
            '/api/alerts/alert',
            {
              token: company.admin.token,
              customerId: company.id,
              body: {
                severity: 'urgentAlert',
                title: `Load alert ${n + 1}`,
                message: 'Power cut in sector 7: stay where you are',
                channels: ['push', 'sms'],
                target: { company: true },
              },
            },
            201,
          );
          if (answer) sent.push({ alertId: answer.alertId, companyId: company.id });
          await sleep(3_000);
        }
      },
      reads: async () => {
        while (running()) {
          const { company, person } = pick(everyone);
          const admin = { token: company.admin.token, customerId: company.id };
          const [label, path, auth] = pick([
            ['alerts', '/api/alerts/all?pageSize=20', admin],
            ['members', '/api/users', admin],
            ['dashboard', '/api/dash/data', admin],
            ['dashboard', '/api/dash/data', { token: person.token, customerId: company.id }],
          ] as const);
          await requests.call(label, web(), 'GET', path, auth, 200);
          await sleep(100);
        }
      },
      confirms: async () => {
        while (running()) {
          const { company, person } = pick(everyone);
          await confirmAlerts(company, person);
          await sleep(150);
        }
      },
      logins: async () => {
        while (running()) {
          const { person } = pick(everyone);
          const session = await requests.call<{ token: string }>(
            'login',
            web(),
            'POST',
            '/api/login',
            { body: { email: person.email, password: PASSWORD } },
            200,
          );
          if (session) await requests.call('me', web(), 'GET', '/api/me', { token: session.token }, 200);
          await sleep(2_000);
        }
      },
      memory: async () => {
        while (running()) {
          samples.push({
            atMs: Date.now() - startedAt,
            mb: cluster.processes.map(({ process }) => residentMb(process)),
          });
          await sleep(SAMPLE_EVERY_MS);
        }
      },
    };
    await Promise.all([
      loops.sends(),
      loops.reads(),
      loops.reads(),
      loops.confirms(),
      loops.confirms(),
      loops.logins(),
      loops.memory(),
    ]);

    // The workers finish the last sends; then every phone confirms what it got, so no fallback SMS follows.
    const alertIds = sent.map(({ alertId }) => alertId);
    await waitFor(
      'every receipt to leave pending and processing',
      async () => {
        const busy = await database.db.receipt.count({
          where: { alertId: { in: alertIds }, state: { in: ['pending', 'processing'] } },
        });
        return busy === 0;
      },
      60_000,
    );
    for (const { company, person } of everyone) await confirmAlerts(company, person);
    const receipts = await database.db.receipt.findMany({
      where: { alertId: { in: alertIds } },
      select: { channel: true, state: true, fallback: true },
    });
    const expectedEvents = (companyId: string) =>
      sent.filter((alert) => alert.companyId === companyId).map(({ alertId }) => alertId);
    const missedBy = ({ companyId, listener }: (typeof sockets)[number]) => {
      const heard = new Set(
        listener.received
          .filter(({ event }) => event === `newAlertCustomerId:${companyId}`)
          .map(({ payload }) => (payload as { alertId: string }).alertId),
      );
      return expectedEvents(companyId).filter((alertId) => !heard.has(alertId)).length;
    };
    await waitFor(
      'every socket to hear of every alert',
      async () => sockets.every((s) => missedBy(s) === 0),
      10_000,
    ).catch(() => undefined);

    const people = companies[0].everyone.length;
    const ourSms = providers.twilio.messages.filter((message) => message.statusCallback);
    const smsPerReceipt = ourSms.map((message) => message.statusCallback!);
    const smsPerPhoneAndAlert = ourSms.map((message) => {
      const query = new URL(message.statusCallback!).searchParams;
      return `${message.to} ${query.get('alertId')} ${query.get('fallback')}`;
    });
    const pushes = providers.fcm.requests.filter((request) => request.status === 200);
    const pushPerReceiptAndPhone = pushes.map((request) => `${request.token} ${request.message.data?.receiptKey}`);
    const unsent = receipts.filter((row) => !['sent', 'delivered', 'received', 'seen'].includes(row.state));
    const unconfirmed = receipts.filter((row) => row.channel === 'push' && !['received', 'seen'].includes(row.state));

    const afterWarmUp = samples.filter((sample) => sample.atMs >= WARM_UP_MS);
    const third = Math.max(1, Math.floor(afterWarmUp.length / 3));
    const averageOf = (rows: typeof samples, index: number) =>
      average(rows.map((row) => row.mb[index]).filter((mb): mb is number => mb !== null));
    const memory = cluster.processes.map(({ name }, index) => {
      const start = averageOf(afterWarmUp.slice(0, third), index);
      const end = averageOf(afterWarmUp.slice(-third), index);
      return { name, start, end, ratio: end / start };
    });

    const figures = {
      tried: requests.tried,
      held: requests.held,
      failed: requests.failed,
      seconds: Math.round((Date.now() - startedAt) / 1000),
      logins: requests.perLabel.get('login') ?? 0,
      reads: ['alerts', 'members', 'dashboard', 'mine'].reduce(
        (sum, label) => sum + (requests.perLabel.get(label) ?? 0),
        0,
      ),
      confirms: requests.perLabel.get('confirm') ?? 0,
      sends: sent.length,
      recipients: sent.length * people,
      smsSent: ourSms.length,
      pushSent: pushes.length,
      duplicateSms: Math.max(repeats(smsPerReceipt), repeats(smsPerPhoneAndAlert)),
      duplicatePush: repeats(pushPerReceiptAndPhone),
      receiptsUnsent: unsent.length,
      pushUnconfirmed: unconfirmed.length,
      fallbackReceipts: receipts.filter((row) => row.fallback).length,
      p50ms: requests.percentileMs(0.5),
      p95ms: requests.percentileMs(0.95),
      sockets: sockets.length,
      socketsDropped: sockets.filter(({ listener }) => listener.disconnected).length,
      eventsExpected: sockets.reduce((sum, { companyId }) => sum + expectedEvents(companyId).length, 0),
      eventsMissed: sockets.reduce((sum, socket) => sum + missedBy(socket), 0),
      eventsOfOtherCompanies: sockets.reduce(
        (sum, { companyId, listener }) =>
          sum +
          listener.received.filter(({ event }) => event.includes('CustomerId:') && !event.endsWith(companyId)).length,
        0,
      ),
      memorySamples: afterWarmUp.length,
      rssStartMb: memory.reduce((sum, usage) => sum + usage.start, 0),
      rssEndMb: memory.reduce((sum, usage) => sum + usage.end, 0),
      rssRatioMax: Math.max(...memory.map((usage) => usage.ratio)),
    };
    for (const { listener } of sockets) listener.close();
    printFigures('R8', 'mixed load', figures);
    process.stdout.write(
      `R8 memory per process (MB, first → last third after warm-up): ${memory
        .map(({ name, start, end }) => `${name} ${start.toFixed(0)} → ${end.toFixed(0)}`)
        .join(', ')}\n`,
    );

    expect({ failures: requests.failures, ...figures }).toMatchObject({
      failures: [],
      failed: 0,
      smsSent: figures.recipients,
      pushSent: figures.recipients,
      duplicateSms: 0,
      duplicatePush: 0,
      receiptsUnsent: 0,
      pushUnconfirmed: 0,
      fallbackReceipts: 0,
      socketsDropped: 0,
      eventsMissed: 0,
      eventsOfOtherCompanies: 0,
    });
    expect(receipts).toHaveLength(figures.recipients * 2);
    expect(figures.sends).toBeGreaterThan(10);
    expect(memory.filter((usage) => !(usage.ratio <= MEMORY_BOUND))).toEqual([]);
  }, 300_000);
});
