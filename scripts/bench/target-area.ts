import type { PrismaClient } from '@/lib/generated/prisma/client';
import { call } from '@/tests/helpers/api-client';
import { startTestServer } from '@/tests/helpers/test-server';
import { buildIfNeeded } from '../lib/build-if-needed';
import { startBenchServices } from './bench-services';
import { analyze, seedCompany, seedPositions, type SeededCompany } from './seed-scale';
import { loadAverage, percentile, timeInTurn } from './measure';

// Usage: npm run bench:target-area [-- [--no-build] <small members> <large members> <runs>]
// Issue 21 item 3 and the dashboard's positions (item 1): the same small polygon over a company of 10,000 members and
// one of 100,000 (5 positions each; the large company's members beyond the small one's size live around a second
// center, so about as many people are inside in both). Prints p50/p95 of POST /api/alerts/target/reach, the send with
// that polygon, and the size and p95 of the dashboard's positions; the ratio large/small (goal ≤ 1.5). Asserts nothing.
const args = process.argv.slice(2);
const skipBuild = args.includes('--no-build');
const [smallArg, largeArg, runsArg] = args.filter((arg) => arg !== '--no-build');
const SMALL = Number(smallArg ?? 10_000);
const LARGE = Number(largeArg ?? 100_000);
const RUNS = Number(runsArg ?? 30);
const SENDS = 3;
const POSITIONS_PER_MEMBER = 5;
const OSLO = { lat: 59.91, lng: 10.75 };
const TRONDHEIM = { lat: 63.43, lng: 10.39 };

/** A hexagon of about 9 km × 11 km in the middle of Oslo's seeded positions. */
const POLYGON = {
  type: 'polygon',
  points: [
    [10.65, 59.91],
    [10.7, 59.87],
    [10.8, 59.87],
    [10.85, 59.91],
    [10.8, 59.95],
    [10.7, 59.95],
  ].map(([lng, lat]) => ({ lat, lng })),
};
/** The whole of southern Norway at zoom 6, and a few streets of Oslo at zoom 15. */
const VIEWS = [
  { name: 'zoomed out (zoom 6, both cities)', bounds: '4,57,16,65', zoom: 6 },
  { name: 'city (zoom 11)', bounds: '10.5,59.8,11,60', zoom: 11 },
  { name: 'streets (zoom 15)', bounds: '10.74,59.905,10.76,59.915', zoom: 15 },
];

const ms = (value: number) => `${value.toFixed(0)} ms`;

async function timed(url: string, company: SeededCompany, method: string, path: string, body?: object) {
  const response = await call(url, method, path, { token: company.adminToken, customerId: company.companyId, body });
  if (response.status >= 300)
    throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(response.body)}`);
  return { body: response.body, bytes: Buffer.byteLength(JSON.stringify(response.body)) };
}

/** `runs` timed calls per company after 3 warm-ups each, in turn so both see the same machine. */
async function compare(
  url: string,
  companies: [string, SeededCompany][],
  { runs, goal }: { runs: number; goal?: string },
  method: string,
  path: string,
  body?: object,
) {
  const last = new Map<string, { body: unknown; bytes: number }>();
  const times = await timeInTurn(
    companies.map(
      ([name, company]) =>
        async () =>
          last.set(name, await timed(url, company, method, path, body)),
    ),
    runs,
  );
  const p95s = companies.map(([name], index) => {
    const values = times[index];
    const { bytes } = last.get(name)!;
    console.log(
      `  ${name}: p50 ${ms(percentile(values, 0.5))}, p95 ${ms(percentile(values, 0.95))}, answer ${(bytes / 1024).toFixed(1)} KB`,
    );
    return percentile(values, 0.95);
  });
  const ratio = (p95s[1] / p95s[0]).toFixed(2);
  console.log(
    `  ratio p95 ${companies[1][0]} / ${companies[0][0]}: ${ratio}${goal ? ` (goal ${goal})` : ''}; ${loadAverage()}`,
  );
  return last;
}

/** EXPLAIN ANALYZE of finding the large company's members whose newest position is in the polygon's box, both ways. */
async function explainNewest(db: PrismaClient, company: SeededCompany) {
  const people = `SELECT m."userId" FROM "Membership" m WHERE m."companyId" = '${company.companyId}' AND m."deletedAt" IS NULL`;
  const box = (alias: string) => `${alias}.lat BETWEEN 59.87 AND 59.95 AND ${alias}.lng BETWEEN 10.65 AND 10.85`;
  const ways = {
    'every position (DISTINCT ON, before)': `SELECT newest."userId" FROM (
        SELECT DISTINCT ON (p."userId") p."userId", p.lat, p.lng FROM "Position" p JOIN (${people}) people ON people."userId" = p."userId"
        ORDER BY p."userId", p."recordedAt" DESC) newest WHERE ${box('newest')}`,
    'LastPosition in the box (after)': `SELECT lp."userId" FROM "LastPosition" lp WHERE ${box('lp')}
        AND lp."userId" IN (${people})
        AND (lp."recordedAt", lp."positionId") = (
          SELECT newest."recordedAt", newest."positionId" FROM "LastPosition" newest WHERE newest."userId" = lp."userId"
          ORDER BY newest."recordedAt" DESC, newest."positionId" DESC LIMIT 1)`,
  };
  for (const [name, sql] of Object.entries(ways)) {
    const plan = await db.$queryRawUnsafe<{ 'QUERY PLAN': string }[]>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`);
    console.log(`\n  EXPLAIN ANALYZE, ${name}:`);
    for (const row of plan) console.log(`    ${row['QUERY PLAN']}`);
  }
}

async function main() {
  const log = (line: string) => console.log(line);
  if (!skipBuild) buildIfNeeded(log);
  const { databaseUrl, db, stop } = await startBenchServices();
  // Sessions are not renewed during the run (the default 10 minutes would replace the seeded tokens mid-way).
  const server = await startTestServer(databaseUrl, {
    LOG_LEVEL: 'error',
    DATABASE_POOL_SIZE: '10',
    SESSION_RENEW_AFTER_MINUTES: '600',
  });
  try {
    const seedStarted = performance.now();
    const small = await seedCompany(db, { key: 'area-small', members: SMALL, phonePrefix: '81' });
    const large = await seedCompany(db, { key: 'area-large', members: LARGE, phonePrefix: '82' });
    await seedPositions(db, small, POSITIONS_PER_MEMBER, { center: OSLO });
    await seedPositions(db, large, POSITIONS_PER_MEMBER, { center: OSLO, members: { from: 1, to: SMALL } });
    await seedPositions(db, large, POSITIONS_PER_MEMBER, {
      center: TRONDHEIM,
      members: { from: SMALL + 1, to: LARGE },
    });
    await analyze(db);
    console.log(
      `Seeded ${SMALL} and ${LARGE} members with ${POSITIONS_PER_MEMBER} positions each in ${ms(performance.now() - seedStarted)}; ${loadAverage()}`,
    );
    const companies: [string, SeededCompany][] = [
      [`${SMALL} members`, small],
      [`${LARGE} members`, large],
    ];

    console.log(`\nPOST /api/alerts/target/reach, the polygon, ${RUNS} runs each`);
    const reach = await compare(
      server.url,
      companies,
      { runs: RUNS, goal: '≤ 1.5' },
      'POST',
      '/api/alerts/target/reach',
      {
        alertTarget: { adHocLocation: { geofence: POLYGON } },
      },
    );
    for (const [name, run] of reach) console.log(`  ${name}: ${JSON.stringify(run.body)}`);

    await explainNewest(db, large);

    console.log(`\nPOST /api/alerts/alert (push + sms) with the polygon, ${SENDS} sends each`);
    // Every member is recorded (in or out of the area): the send grows with the company by design.
    await compare(server.url, companies, { runs: SENDS }, 'POST', '/api/alerts/alert', {
      title: 'Benchmark alert',
      message: 'An alert to the people in the polygon',
      channels: ['push', 'sms'],
      target: { adHocLocation: { geofence: POLYGON } },
    });

    console.log(`\nGET /api/dash/data, ${RUNS} runs each`);
    await compare(server.url, companies, { runs: RUNS }, 'GET', '/api/dash/data');
    const probe = await call(server.url, 'GET', `/api/dash/positions?bounds=${VIEWS[0].bounds}&zoom=6`, {
      token: small.adminToken,
      customerId: small.companyId,
    });
    if (probe.status === 404) console.log('\nGET /api/dash/positions: no such route in this build');
    else
      for (const view of VIEWS) {
        console.log(`\nGET /api/dash/positions, ${view.name}, ${RUNS} runs each`);
        const answers = await compare(
          server.url,
          companies,
          { runs: RUNS, goal: 'answer ≤ 50 KB; the same time where as many are in view' },
          'GET',
          `/api/dash/positions?bounds=${view.bounds}&zoom=${view.zoom}`,
        );
        for (const [name, run] of answers) {
          const { clusters, points } = run.body as { clusters: unknown[]; points: unknown[] };
          console.log(`  ${name}: ${clusters.length} clusters, ${points.length} points`);
        }
      }
  } finally {
    await server.stop();
    await stop();
  }
}

await main();
