import os from 'node:os';
import { createSession } from '@/lib/auth/create-session';
import type { PrismaClient } from '@/lib/generated/prisma/client';
import { call } from '@/tests/helpers/api-client';
import { startTestServer } from '@/tests/helpers/test-server';
import { buildIfNeeded } from '../lib/build-if-needed';
import { startBenchServices } from './bench-services';
import { percentile } from './measure';

// Usage: npm run bench:import-members [-- [--no-build] <rows>]  (--no-build: use the existing build as it is)
// Whether a big member import holds up the web process (issue 15, item 6): a <rows>-row import sent the way the members
// screen sends it (checks of 1,000 rows, then additions of 100), while a probe asks GET /api/health every 50 ms. The
// floor is the same probe against the idle server in the same run. Prints figures; asserts nothing.
const args = process.argv.slice(2);
const skipBuild = args.includes('--no-build');
const [rowsArg] = args.filter((arg) => arg !== '--no-build');
const ROWS = Number(rowsArg ?? 20_000);
const CHECK_BATCH = 1000;
const ADD_CHUNK = 100;
const PROBE_EVERY_MS = 50;

const ms = (value: number) => `${value.toFixed(0)} ms`;

async function seedCompany(db: PrismaClient) {
  const company = await db.company.create({
    data: { name: 'Import Bench AS', plan: 'enterprise', includedSeats: ROWS + 2, activatedAt: new Date() },
  });
  const admin = await db.user.create({
    data: { email: 'import-bench-admin@example.test', name: 'Bench Admin', phone: '+4740000001' },
  });
  await db.membership.create({ data: { companyId: company.id, userId: admin.id, role: 'admin' } });
  const { token } = await createSession(db, { userId: admin.id, extended: true, now: new Date() });
  return { company, token };
}

/** Asks GET /api/health every PROBE_EVERY_MS until stopped; the answer times. */
function startProbe(url: string) {
  const times: number[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      await fetch(`${url}/api/health`).then((response) => response.arrayBuffer());
      times.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await done;
      return times;
    },
  };
}

function chunks<T>(items: T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
}

function importRowsOf(count: number, tag: string) {
  return Array.from({ length: count }, (_, i) => ({
    name: `Import Person ${i}`,
    email: `import-${tag}-${i}@example.test`,
    phone: `+479${tag === 'bench' ? 1 : 2}${String(i).padStart(6, '0')}`,
  }));
}

async function importRows(url: string, token: string, companyId: string, rows: ReturnType<typeof importRowsOf>) {
  const request = async (method: string, users: typeof rows) => {
    const started = performance.now();
    const response = await call(url, method, '/api/accounts', { token, customerId: companyId, body: { users } });
    if (response.status !== 200)
      throw new Error(`${method} answered ${response.status}: ${JSON.stringify(response.body)}`);
    return performance.now() - started;
  };
  const checks: number[] = [];
  for (const batch of chunks(rows, CHECK_BATCH)) checks.push(await request('PUT', batch));
  const adds: number[] = [];
  for (const batch of chunks(rows, ADD_CHUNK)) adds.push(await request('POST', batch));
  return { checks, adds };
}

function describe(label: string, times: number[]) {
  return `${label}: ${times.length} answers, median ${ms(percentile(times, 0.5))}, p95 ${ms(percentile(times, 0.95))}, max ${ms(Math.max(...times))}`;
}

async function main() {
  if (!skipBuild) buildIfNeeded((line) => console.log(line));
  const { databaseUrl, db, stop } = await startBenchServices();
  const server = await startTestServer(databaseUrl, { LOG_LEVEL: 'error' });
  try {
    const { company, token } = await seedCompany(db);
    console.log(`Load average (1 min) before: ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`);
    // Warm-up: the first requests of a route load its code.
    await importRows(server.url, token, company.id, importRowsOf(1, 'warm-up'));
    const idleProbe = startProbe(server.url);
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const idle = await idleProbe.stop();

    const probe = startProbe(server.url);
    const started = performance.now();
    const { checks, adds } = await importRows(server.url, token, company.id, importRowsOf(ROWS, 'bench'));
    const importMs = performance.now() - started;
    const busy = await probe.stop();
    const members = await db.membership.count({ where: { companyId: company.id } });

    console.log(`\nImport of ${ROWS} rows: ${ms(importMs)} (${members - 2} members added)`);
    console.log(`  ${describe('checks of 1,000 rows', checks)}`);
    console.log(`  ${describe('additions of 100 rows', adds)}`);
    console.log(`\nGET /api/health every ${PROBE_EVERY_MS} ms`);
    console.log(`  floor, idle server   ${describe('', idle)}`);
    console.log(`  during the import    ${describe('', busy)}`);
    console.log(`  ratio (p95 during / p95 idle): ${(percentile(busy, 0.95) / percentile(idle, 0.95)).toFixed(1)}`);
  } finally {
    await server.stop();
    await stop();
  }
}

await main();
