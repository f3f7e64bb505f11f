import { createSession } from '@/lib/auth/create-session';
import { Prisma, type PrismaClient } from '@/lib/generated/prisma/client';
import { call } from '@/tests/helpers/api-client';
import { startTestServer } from '@/tests/helpers/test-server';
import { buildIfNeeded } from '../lib/build-if-needed';
import { startBenchServices } from './bench-services';
import { analyze, seedAlertHistory, seedCompany, seedPositions, type SeededCompany } from './seed-scale';
import { loadAverage, percentile, runClients, timeInTurn } from './measure';

// Usage: npm run bench:dashboard [-- [--no-build] [--small] [--explain]]
// GET /api/dash/data for a company of 10,001 members with 10,000 alerts and one with 1,000,000 (the newest 100,000 with
// recipients, ~124,000 in the chart's 91 days), each member with 10 positions: p50/p95 for the admin and an ordinary
// member, the ratio 1M / 10k (issue 21 goal ≤ 1.5), then 50 concurrent clients for 10 s. --small: 1,000 members with
// 1,000 and 100,000 alerts, for iterating. --explain: EXPLAIN (ANALYZE, BUFFERS) of the dashboard's queries before
// issue 21 and now, on the big company. Prints figures; asserts nothing.
const args = process.argv.slice(2);
const skipBuild = args.includes('--no-build');
const small = args.includes('--small');
const explain = args.includes('--explain');
const MEMBERS = small ? 1_000 : 10_000;
const FEW_ALERTS = small ? 1_000 : 10_000;
const MANY_ALERTS = small ? 100_000 : 1_000_000;
const WITH_RECIPIENTS = small ? 10_000 : 100_000;
const POSITIONS_PER_MEMBER = 10;
const SEQUENTIAL = 40;
const CLIENTS = 50;
const LOAD_SECONDS = 10;

const ms = (value: number) => `${value.toFixed(1)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

interface Viewer {
  name: string;
  token: string;
  companyId: string;
}

async function fetchDash(url: string, viewer: Viewer, path = '/api/dash/data') {
  const response = await call(url, 'GET', path, { token: viewer.token, customerId: viewer.companyId });
  if (response.status !== 200)
    throw new Error(`dash data answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body as Record<string, unknown>;
}

/** p50/p95 of SEQUENTIAL requests of `path` per viewer after a warm-up, the viewers in turn; the last answer's size. */
async function inTurn(url: string, viewers: Viewer[], path = '/api/dash/data') {
  const last = new Map<Viewer, Record<string, unknown>>();
  const times = await timeInTurn(
    viewers.map((viewer) => async () => last.set(viewer, await fetchDash(url, viewer, path))),
    SEQUENTIAL,
    1,
  );
  return new Map(
    viewers.map((viewer, index) => {
      const body = last.get(viewer)!;
      return [
        viewer,
        {
          p50: percentile(times[index], 0.5),
          p95: percentile(times[index], 0.95),
          size: Buffer.byteLength(JSON.stringify(body)),
          withoutPositions: Buffer.byteLength(JSON.stringify({ ...body, positions: undefined })),
        },
      ];
    }),
  );
}

/**
 * The dashboard's heavy queries as they were before issue 21 (hand-copied from the old lib/dashboard/get-dash-data.ts and
 * the SQL Prisma made of it) and as lib/dashboard/get-dash-alerts.ts and get-dash-data.ts run them now.
 */
function explainedQueries(company: SeededCompany): [string, Prisma.Sql][] {
  const { companyId, adminId, memberId } = company;
  const zone = 'Europe/Oslo';
  const from = Prisma.sql`(((now() AT TIME ZONE ${zone})::date - 90)::timestamp AT TIME ZONE ${zone})`;
  const until = Prisma.sql`(((now() AT TIME ZONE ${zone})::date + 1)::timestamp AT TIME ZONE ${zone})`;
  const memberSees = Prisma.sql`(a."authorId" = ${memberId}::uuid OR EXISTS (SELECT 1 FROM "AlertRecipient" r
    WHERE r."alertId" = a.id AND r."userId" = ${memberId}::uuid AND r."inTarget"))`;
  return [
    [
      'before: chart, admin (count 91 days of alerts)',
      Prisma.sql`SELECT (a."sentAt" AT TIME ZONE ${zone})::date, count(*) FROM "Alert" a WHERE a."companyId" = ${companyId}::uuid
        AND (a.status <> 'draft' OR a."authorId" = ${adminId}::uuid) AND a."sentAt" >= ${from} AND a."sentAt" < ${until} GROUP BY 1`,
    ],
    [
      'now: chart, admin (roll-up)',
      Prisma.sql`SELECT c.day, c.count FROM "AlertDailyCount" c WHERE c."companyId" = ${companyId}::uuid
        AND c.day BETWEEN (now() AT TIME ZONE ${zone})::date - 90 AND (now() AT TIME ZONE ${zone})::date`,
    ],
    [
      'before: chart, member',
      Prisma.sql`SELECT (a."sentAt" AT TIME ZONE ${zone})::date, count(*) FROM "Alert" a WHERE a."companyId" = ${companyId}::uuid
        AND ${memberSees} AND a."sentAt" >= ${from} AND a."sentAt" < ${until} GROUP BY 1`,
    ],
    [
      "now: chart, member (the member's recipient rows alone, index-only; own alerts not also received)",
      Prisma.sql`SELECT (sent AT TIME ZONE ${zone})::date, count(*) FROM (
          SELECT r."createdAt" AS sent FROM "AlertRecipient" r WHERE r."userId" = ${memberId}::uuid
            AND r."companyId" = ${companyId}::uuid AND r."inTarget" AND r."createdAt" >= ${from} AND r."createdAt" < ${until}
          UNION ALL
          SELECT own."sentAt" FROM "Alert" own WHERE own."authorId" = ${memberId}::uuid AND own."companyId" = ${companyId}::uuid
            AND own."sentAt" >= ${from} AND own."sentAt" < ${until} AND NOT EXISTS (SELECT 1 FROM "AlertRecipient" mine
              WHERE mine."alertId" = own.id AND mine."userId" = ${memberId}::uuid AND mine."inTarget")) alerts GROUP BY 1`,
    ],
    [
      'before: latest 5, member',
      Prisma.sql`SELECT a.id FROM "Alert" a WHERE a."companyId" = ${companyId}::uuid AND ${memberSees} AND a."sentAt" IS NOT NULL
        ORDER BY a."sentAt" DESC LIMIT 5`,
    ],
    [
      "now: latest 5, member (own alerts by time; received by the recipient rows' time)",
      Prisma.sql`(SELECT own.id FROM "Alert" own WHERE own."authorId" = ${memberId}::uuid AND own."companyId" = ${companyId}::uuid
          AND own."sentAt" IS NOT NULL ORDER BY own."sentAt" DESC LIMIT 5)
        UNION (SELECT r."alertId" FROM "AlertRecipient" r WHERE r."userId" = ${memberId}::uuid
          AND r."companyId" = ${companyId}::uuid AND r."inTarget" ORDER BY r."createdAt" DESC LIMIT 5)`,
    ],
    [
      'active alerts count, admin (index companyId, status, sentAt)',
      Prisma.sql`SELECT count(*) FROM "Alert" a WHERE a."companyId" = ${companyId}::uuid AND a.status = 'active'
        AND (a.status <> 'draft' OR a."authorId" = ${adminId}::uuid) AND a."sentAt" IS NOT NULL`,
    ],
    [
      'active alerts count, member',
      Prisma.sql`SELECT count(*) FROM "Alert" a WHERE a."companyId" = ${companyId}::uuid AND a.status = 'active'
        AND ${memberSees} AND a."sentAt" IS NOT NULL`,
    ],
    [
      'before: members without the app (Prisma user.count with relation filters)',
      Prisma.sql`SELECT count(*) FROM "User" u WHERE u.id IN (SELECT m."userId" FROM "Membership" m
          WHERE m."companyId" = ${companyId}::uuid AND m."deletedAt" IS NULL)
        AND u.id NOT IN (SELECT d."userId" FROM "Device" d WHERE (d.platform IN ('ios', 'android') AND d."pushToken" IS NOT NULL)
          OR (d.platform = 'web' AND d."pushSubscription" IS NOT NULL))`,
    ],
    [
      'now: members without the app (memberships by index, anti-join on devices)',
      Prisma.sql`SELECT count(*) FROM "Membership" m WHERE m."companyId" = ${companyId}::uuid AND m."deletedAt" IS NULL
        AND NOT EXISTS (SELECT 1 FROM "Device" d WHERE d."userId" = m."userId" AND ((d.platform IN ('ios', 'android')
          AND d."pushToken" IS NOT NULL) OR (d.platform = 'web' AND d."pushSubscription" IS NOT NULL)))`,
    ],
  ];
}

async function printPlans(db: PrismaClient, company: SeededCompany, log: (line: string) => void) {
  log(`\nEXPLAIN (ANALYZE, BUFFERS) on the ${MANY_ALERTS}-alert company (${loadAverage()})`);
  for (const [label, sql] of explainedQueries(company)) {
    const plan = await db.$queryRaw<{ 'QUERY PLAN': string }[]>`EXPLAIN (ANALYZE, BUFFERS) ${sql}`;
    const lines = plan.map((row) => row['QUERY PLAN']);
    log(`  ${label}: ${lines.find((line) => line.startsWith('Execution Time')) ?? ''}`);
    for (const line of lines.filter((line) => !line.startsWith('Planning') && !line.startsWith('Execution')))
      log(`      ${line}`);
  }
}

async function main() {
  const log = (line: string) => console.log(line);
  if (!skipBuild) buildIfNeeded(log);
  const { databaseUrl, db, stop } = await startBenchServices();
  const server = await startTestServer(databaseUrl, { LOG_LEVEL: 'error', DATABASE_POOL_SIZE: '10' });
  try {
    const seedStarted = performance.now();
    const seedOne = async (key: string, phonePrefix: string, alerts: number): Promise<SeededCompany> => {
      const company = await seedCompany(db, { key, members: MEMBERS, phonePrefix });
      await seedAlertHistory(db, company, { alerts, withRecipients: Math.min(alerts, WITH_RECIPIENTS) });
      await seedPositions(db, company, POSITIONS_PER_MEMBER);
      return company;
    };
    const few = await seedOne('dash-few', '81', FEW_ALERTS);
    const many = await seedOne('dash-many', '82', MANY_ALERTS);
    await analyze(db);
    log(
      `Seeded two companies of ${MEMBERS} members (+1 admin, ${POSITIONS_PER_MEMBER} positions each): ${FEW_ALERTS} and ` +
        `${MANY_ALERTS} alerts (newest ${WITH_RECIPIENTS} with recipients) in ${(
          (performance.now() - seedStarted) /
          1000
        ).toFixed(0)} s`,
    );

    if (explain) await printPlans(db, many, log);

    // Fresh sessions: the seed's may have idled out during a long seed on a busy machine.
    const session = async (userId: string) =>
      (await createSession(db, { userId, extended: true, now: new Date() })).token;
    const viewers = async (company: SeededCompany, label: string): Promise<Viewer[]> => [
      { name: `${label} admin`, token: await session(company.adminId), companyId: company.companyId },
      { name: `${label} member`, token: await session(company.memberId), companyId: company.companyId },
    ];
    const [fewAdmin, fewMember] = await viewers(few, `${FEW_ALERTS} alerts`);
    const [manyAdmin, manyMember] = await viewers(many, `${MANY_ALERTS} alerts`);

    log(`\nOne client, ${SEQUENTIAL} requests each after a warm-up, the viewers in turn (${loadAverage()})`);
    const results = await inTurn(server.url, [fewAdmin, fewMember, manyAdmin, manyMember]);
    for (const [viewer, result] of results) {
      log(
        `  ${viewer.name.padEnd(26)} p50 ${ms(result.p50).padStart(9)}  p95 ${ms(result.p95).padStart(9)}  ` +
          `answer ${kb(result.size)} (without positions ${kb(result.withoutPositions)})`,
      );
    }
    for (const [small10k, big1m] of [
      [fewAdmin, manyAdmin],
      [fewMember, manyMember],
    ]) {
      const ratio = results.get(big1m)!.p95 / results.get(small10k)!.p95;
      log(`  ratio p95 ${big1m.name} / ${small10k.name}: ${ratio.toFixed(2)} (goal ≤ 1.5)`);
    }
    // The alerts part alone (what a new alert reloads; issue 21), where the history shows, without the positions.
    const alertsPart = (await fetchDash(server.url, fewAdmin, '/api/dash/alerts').catch(() => null)) !== null;
    if (alertsPart) {
      log(`\nGET /api/dash/alerts (the dashboard's alerts part), one client (${loadAverage()})`);
      const partResults = await inTurn(server.url, [fewAdmin, fewMember, manyAdmin, manyMember], '/api/dash/alerts');
      for (const [viewer, result] of partResults)
        log(`  ${viewer.name.padEnd(26)} p50 ${ms(result.p50).padStart(9)}  p95 ${ms(result.p95).padStart(9)}`);
      const ratio = (many: Viewer, few: Viewer) => (partResults.get(many)!.p95 / partResults.get(few)!.p95).toFixed(2);
      log(`  ratio p95 admin 1M / 10k: ${ratio(manyAdmin, fewAdmin)}`);
      log(`  ratio p95 member 1M / 10k: ${ratio(manyMember, fewMember)}`);
    }

    for (const [label, group] of [
      [`${MANY_ALERTS} alerts, admins`, [manyAdmin]],
      [`${MANY_ALERTS} alerts, half admins half members`, [manyAdmin, manyMember]],
    ] as const) {
      log(`\n${CLIENTS} concurrent clients for ${LOAD_SECONDS} s, ${label} (${loadAverage()})`);
      const viewers: readonly Viewer[] = group;
      const result = await runClients(CLIENTS, LOAD_SECONDS * 1000, async (client) => {
        await fetchDash(server.url, viewers[client % viewers.length]);
        return true;
      });
      log(
        `  ${result.requests} requests (${result.failures} failed), ${result.perSecond.toFixed(1)} req/s, p50 ${ms(result.p50)}, p95 ${ms(result.p95)}`,
      );
    }
    log(`\nAfter: ${loadAverage()}`);
  } finally {
    await server.stop();
    await stop();
  }
}

await main();
