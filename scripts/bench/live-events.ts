import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { newToken } from '@/lib/auth/session-token';
import { DASH_PART_PATHS } from '@/components/dashboard/dashboard-api';
import { partsToReload, refreshDelay } from '@/components/dashboard/refresh-plan';
import { companyEventName, REALTIME_PATH } from '@/lib/realtime/events';
import { call } from '@/tests/helpers/api-client';
import { startTestServer, type TestServer } from '@/tests/helpers/test-server';
import { buildIfNeeded } from '../lib/build-if-needed';
import { startBenchServices } from './bench-services';
import { analyze, seedCompany, type SeededCompany } from './seed-scale';
import type { PrismaClient } from '@/lib/generated/prisma/client';
import { loadAverage, percentile } from './measure';

// Usage: npm run bench:live-events [-- [--no-build] [<consoles>]]  (default 2,000)
// Issue 21 item 8: <consoles> signed-in consoles (Socket.IO at /eventHub, each with its own session, members of one
// company) wait for the new-alert event of an alert sent through the API. Fan-out: from the moment the event is
// published (a Redis subscriber of the bench sees the emitter's message) until the last console has it, against the
// floor of a bare Socket.IO server in this process broadcasting one event to as many clients; and until the last
// console has the alert itself (dashboardAlert, sent by each web node to those who may see it). Then every console
// acts as an open dashboard (components/dashboard/refresh-plan.ts: the delay and the parts it reloads; earlier ways
// for comparison) and the bench counts the requests the server gets in the following 5 s and their p95. Prints
// figures; asserts nothing.
const args = process.argv.slice(2);
const skipBuild = args.includes('--no-build');
const CONSOLES = Number(args.find((arg) => arg !== '--no-build') ?? 2_000);
const ROUNDS = 3;
const RELOAD_WINDOW_MS = 5_000;

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** A session for every member (bulk SQL: CONSOLES sessions in one statement), as the consoles' tokens. */
async function memberSessions(db: PrismaClient, company: SeededCompany, count: number) {
  const members = await db.membership.findMany({
    where: { companyId: company.companyId, role: 'user' },
    select: { userId: true },
    take: count,
  });
  const tokens = members.map(() => newToken());
  const now = new Date();
  const later = new Date(now.getTime() + 12 * 3600_000);
  await db.session.createMany({
    data: members.map((member, i) => ({
      tokenHash: tokens[i].tokenHash,
      userId: member.userId,
      extended: true,
      createdAt: now,
      lastUsedAt: now,
      idleExpiresAt: later,
      absoluteExpiresAt: later,
    })),
  });
  return tokens.map((token) => token.token);
}

async function connectAll(url: string, path: string, auths: object[]): Promise<Socket[]> {
  const sockets: Socket[] = [];
  // A few hundred handshakes at a time: the server admits each against the database.
  for (let start = 0; start < auths.length; start += 200) {
    sockets.push(
      ...(await Promise.all(
        auths.slice(start, start + 200).map(
          (auth) =>
            new Promise<Socket>((resolve, reject) => {
              const socket = connect(url, { path, auth, transports: ['websocket'], reconnection: false });
              socket.once('connect', () => resolve(socket));
              socket.once('connect_error', reject);
            }),
        ),
      )),
    );
  }
  return sockets;
}

/** Resolves with each socket's receipt time of `event` once all have it. */
function receiptTimes(sockets: Socket[], event: string): Promise<number[]> {
  return Promise.all(
    sockets.map((socket) => new Promise<number>((resolve) => socket.once(event, () => resolve(performance.now())))),
  );
}

async function bareFloor(count: number): Promise<number[]> {
  const http = createServer();
  const server = new Server(http, { serveClient: false });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const sockets = await connectAll(
    url,
    '/socket.io',
    Array.from({ length: count }, () => ({})),
  );
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const received = receiptTimes(sockets, 'newAlert');
    const emitted = performance.now();
    server.emit('newAlert', { alertId: '00000000-0000-4000-8000-000000000000' });
    times.push(Math.max(...(await received)) - emitted);
  }
  for (const socket of sockets) socket.close();
  await server.close();
  return times;
}

interface ReloadStrategy {
  name: string;
  delay: () => number;
  paths: (payload: Record<string, unknown>) => string[];
}

const RELOAD_STRATEGIES: ReloadStrategy[] = [
  { name: 'before issue 21: everything, 2 s later', delay: () => 2_000, paths: () => ['/api/dash/data'] },
  {
    name: 'until 2026-12-03: the alerts part, spread over 2–3 s',
    delay: refreshDelay,
    paths: () => [DASH_PART_PATHS.alerts],
  },
  {
    name: 'the dashboard now (refresh-plan.ts; the alert comes along as dashboardAlert)',
    delay: refreshDelay,
    paths: (payload) => {
      const parts = partsToReload(payload, false);
      return parts === 'all' ? ['/api/dash/data'] : parts.map((part) => DASH_PART_PATHS[part]);
    },
  },
];

/** One more alert, each console acting as an open dashboard; the reload requests of the RELOAD_WINDOW_MS after. */
async function reloadRound(
  server: TestServer,
  company: SeededCompany,
  sockets: Socket[],
  tokens: string[],
  strategy: ReloadStrategy,
) {
  const event = companyEventName('newAlert', company.companyId);
  const reloads: { at: number; elapsed: number; path: string }[] = [];
  let eventAt = 0;
  const reloadsDone: Promise<void>[] = [];
  sockets.forEach((socket, i) =>
    socket.once(event, (payload: Record<string, unknown>) => {
      eventAt ||= performance.now();
      reloadsDone.push(
        new Promise((resolve) => setTimeout(resolve, strategy.delay())).then(async () => {
          for (const path of strategy.paths(payload)) {
            const requested = performance.now();
            const answer = await call(server.url, 'GET', path, { token: tokens[i], customerId: company.companyId });
            if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
            reloads.push({ at: requested, elapsed: performance.now() - requested, path });
          }
        }),
      );
    }),
  );
  await call(server.url, 'POST', '/api/alerts/alert', {
    token: company.adminToken,
    customerId: company.companyId,
    body: { title: 'Live reloads', message: 'Live events bench', channels: ['push'], target: { company: true } },
  });
  await new Promise((resolve) => setTimeout(resolve, RELOAD_WINDOW_MS));
  const answeredInWindow = reloads.filter((reload) => reload.at + reload.elapsed - eventAt <= RELOAD_WINDOW_MS);
  const settled = await Promise.allSettled(reloadsDone);
  return {
    failed: settled.filter((result) => result.status === 'rejected').length,
    requested: reloads.length,
    answeredInWindow: answeredInWindow.length,
    p95: percentile(
      reloads.map((reload) => reload.elapsed),
      0.95,
    ),
    lastAnsweredAfter: Math.max(0, ...reloads.map((reload) => reload.at + reload.elapsed - eventAt)),
    paths: [...new Set(reloads.map((reload) => reload.path))],
  };
}

async function productFanOut(server: TestServer, redisUrl: string, company: SeededCompany, tokens: string[]) {
  const auths = tokens.map((token) => ({ token, customerId: company.companyId }));
  const sockets = await connectAll(server.url, REALTIME_PATH, auths);
  const event = companyEventName('newAlert', company.companyId);
  const dashboardEvent = companyEventName('dashboardAlert', company.companyId);
  // The emitter publishes to Redis; the bench hears the publish at about the moment the web server does.
  const subscriber = new Redis(redisUrl);
  let publishedAt = 0;
  await subscriber.psubscribe('socket.io#*');
  subscriber.on('pmessage', () => {
    publishedAt ||= performance.now();
  });
  const fanOut: number[] = [];
  const dashboardFanOut: number[] = [];
  const answers: number[] = [];
  try {
    for (let round = 0; round < ROUNDS; round += 1) {
      publishedAt = 0;
      const received = receiptTimes(sockets, event);
      const dashboardsHaveIt = receiptTimes(sockets, dashboardEvent);
      const started = performance.now();
      const sent = await call(server.url, 'POST', '/api/alerts/alert', {
        token: company.adminToken,
        customerId: company.companyId,
        body: { title: `Live ${round}`, message: 'Live events bench', channels: ['push'], target: { company: true } },
      });
      answers.push(performance.now() - started);
      if (sent.status !== 201) throw new Error(`send answered ${sent.status}: ${JSON.stringify(sent.body)}`);
      fanOut.push(Math.max(...(await received)) - publishedAt);
      dashboardFanOut.push(Math.max(...(await dashboardsHaveIt)) - publishedAt);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    // The same event from the product's emitter alone (no send around it): the emit path without the send's work.
    const emitOnly: number[] = [];
    process.env.REDIS_URL ??= redisUrl;
    // lib/env reads the environment once: set it on the parsed copy too, as tests/e2e/support/company-events.ts does.
    const { env } = await import('@/lib/env');
    env.REDIS_URL ??= redisUrl;
    const { emitCompanyEvent, closeEmitter } = await import('@/lib/realtime/emit-company-event');
    for (let round = 0; round < ROUNDS; round += 1) {
      publishedAt = 0;
      const received = receiptTimes(sockets, event);
      emitCompanyEvent('newAlert', company.companyId, { alertId: '00000000-0000-4000-8000-000000000000' });
      emitOnly.push(Math.max(...(await received)) - publishedAt);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    closeEmitter();
    const reloadRounds = [];
    for (const strategy of RELOAD_STRATEGIES) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      reloadRounds.push({ name: strategy.name, ...(await reloadRound(server, company, sockets, tokens, strategy)) });
    }
    return { fanOut, dashboardFanOut, emitOnly, answers, reloadRounds };
  } finally {
    subscriber.disconnect();
    for (const socket of sockets) socket.close();
  }
}

async function main() {
  const log = (line: string) => console.log(line);
  if (!skipBuild) buildIfNeeded(log);
  const { databaseUrl, redisUrl, db, stop } = await startBenchServices();
  const server = await startTestServer(databaseUrl, { LOG_LEVEL: 'error', DATABASE_POOL_SIZE: '10' });
  try {
    const company = await seedCompany(db, { key: 'live', members: CONSOLES, phonePrefix: '83' });
    const tokens = await memberSessions(db, company, CONSOLES);
    await analyze(db);
    log(`${CONSOLES} consoles of one company (${CONSOLES} members + admin), ${ROUNDS} rounds (${loadAverage()})`);

    const floor = await bareFloor(CONSOLES);
    const product = await productFanOut(server, redisUrl, company, tokens);
    const floorMedian = percentile(floor, 0.5);
    const productMedian = percentile(product.fanOut, 0.5);
    log(`  bare Socket.IO broadcast to ${CONSOLES} clients: ${floor.map(ms).join(', ')} (median ${ms(floorMedian)})`);
    log(
      `  product new-alert event, publish to last console: ${product.fanOut.map(ms).join(', ')} (median ${ms(productMedian)})`,
    );
    log(`  ratio product / bare: ${(productMedian / floorMedian).toFixed(2)} (goal ≤ 1.5)`);
    const dashboardMedian = percentile(product.dashboardFanOut, 0.5);
    log(
      `  the alert itself to every dashboard (dashboardAlert: each web node looks up who may see it), publish to last ` +
        `console: ${product.dashboardFanOut.map(ms).join(', ')} (median ${ms(dashboardMedian)}, ratio to bare ` +
        `${(dashboardMedian / floorMedian).toFixed(2)})`,
    );
    const emitOnlyMedian = percentile(product.emitOnly, 0.5);
    log(
      `  the same event from the emitter alone, no send around it: ${product.emitOnly.map(ms).join(', ')} ` +
        `(median ${ms(emitOnlyMedian)}, ratio to bare ${(emitOnlyMedian / floorMedian).toFixed(2)})`,
    );
    log(`  send answer times: ${product.answers.map(ms).join(', ')}`);
    for (const round of product.reloadRounds)
      log(
        round.requested + round.failed === 0
          ? `  reloads, ${round.name}: no request (${loadAverage()})`
          : `  reloads, ${round.name}: ${round.requested} answered 200 (${round.paths.join(', ')}), ${round.failed} failed, ` +
              `${round.answeredInWindow} answered within 5 s of the event, p95 ${ms(round.p95)}, ` +
              `last answered ${ms(round.lastAnsweredAfter)} after the event (${loadAverage()})`,
      );
    log(`After: ${loadAverage()}`);
  } finally {
    await server.stop();
    await stop();
  }
}

await main();
