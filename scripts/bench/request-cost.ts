import pg from 'pg';
import { startTestServer } from '@/tests/helpers/test-server';
import { buildIfNeeded } from '../lib/build-if-needed';
import { startBenchServices } from './bench-services';
import { keepAliveGetter, loadAverage, ms, processTreeCpuMs, runClients } from './measure';
import { analyze, seedAlertHistory, seedCompany } from './seed-scale';

// Usage: npm run bench:request-cost [-- [--no-build] [<seconds>]]
// Issue 21, item 2: the CPU the web process spends per request against the CPU Postgres spends on the SQL of it, with
// 50 clients asking at once (closed loop) for <seconds> (default 10) per route. The web process is the real production
// server (Next + Socket.IO); Postgres' share is its postmaster and backends (a Postgres of the benchmark's own).
// The floor is Postgres' CPU per request; the goal is web ≤ 2 × it. Prints figures; asserts nothing.
// BENCH_SERVER_NODE_OPTIONS is handed to the server as NODE_OPTIONS (a CPU profile: see below).
const args = process.argv.slice(2);
const skipBuild = args.includes('--no-build');
const [secondsArg] = args.filter((arg) => arg !== '--no-build');
const SECONDS = Number(secondsArg ?? 10);
const CLIENTS = 50;

async function transactions(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ count: string }>(
    `SELECT xact_commit + xact_rollback AS count FROM pg_stat_database WHERE datname = current_database()`,
  );
  return Number(rows[0].count);
}

async function main() {
  if (!skipBuild) buildIfNeeded((line) => console.log(line));
  const { databaseUrl, db, postgresPid, stop } = await startBenchServices();
  const server = await startTestServer(databaseUrl, {
    LOG_LEVEL: 'error',
    DATABASE_POOL_SIZE: '10',
    // e.g. "--require <a preload that starts node:inspector's profiler>": where the web process' CPU goes.
    ...(process.env.BENCH_SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS } : {}),
  });
  const stats = new pg.Client({ connectionString: databaseUrl });
  await stats.connect();
  try {
    const company = await seedCompany(db, { key: 'cost', members: 10_000, phonePrefix: '93' });
    await seedAlertHistory(db, company, { alerts: 10_000, withRecipients: 1_000 });
    await analyze(db);
    const asAdmin = keepAliveGetter(server.url, company.adminToken, company.companyId, CLIENTS);
    const asMember = keepAliveGetter(server.url, company.memberToken, company.companyId, CLIENTS);
    // The alert log and /api/me, and what every open dashboard asks after a new alert (an admin's, a member's).
    const routes = [
      { path: '/api/alerts/all?page=1', get: asAdmin, who: 'admin' },
      { path: '/api/alerts/all?page=1&includeTotal=true', get: asAdmin, who: 'admin' },
      { path: '/api/me', get: asAdmin, who: 'admin' },
      { path: '/api/dash/alerts', get: asAdmin, who: 'admin' },
      { path: '/api/dash/alerts', get: asMember, who: 'member' },
    ];
    console.log(`${CLIENTS} clients for ${SECONDS} s per route; ${loadAverage()}`);
    for (const { path, get, who } of routes) {
      await runClients(CLIENTS, 2_000, () => get(path)); // warm-up: the route's code loaded, the pools filled
      const webBefore = processTreeCpuMs(server.process.pid!);
      const sqlBefore = processTreeCpuMs(postgresPid);
      const xactBefore = await transactions(stats);
      const result = await runClients(CLIENTS, SECONDS * 1000, () => get(path));
      const web = (processTreeCpuMs(server.process.pid!) - webBefore) / result.requests;
      const sql = (processTreeCpuMs(postgresPid) - sqlBefore) / result.requests;
      const xacts = (await transactions(stats)) - xactBefore - 1; // less the count query itself
      console.log(`\nGET ${path} (${who})`);
      console.log(
        `  ${result.requests} answers (${result.failures} failed), ${result.perSecond.toFixed(0)} req/s, p50 ${ms(result.p50)}, p95 ${ms(result.p95)}`,
      );
      console.log(`  statements (transactions) per request: ${(xacts / result.requests).toFixed(2)}`);
      console.log(`  CPU per request: web ${ms(web)}, Postgres ${ms(sql)} (the floor)`);
      console.log(`  ratio web / Postgres: ${(web / sql).toFixed(2)} (goal ≤ 2)`);
    }
    console.log(`\nAfter: ${loadAverage()}`);
  } finally {
    await stats.end();
    await server.stop();
    await stop();
  }
}

await main();
