import { createSession } from '@/lib/auth/create-session';
import { Prisma, type PrismaClient } from '@/lib/generated/prisma/client';

// Bulk seeds for the scale benchmarks (issue 21): companies of 10,000–100,000 members, a history of up to 1,000,000
// alerts, positions. Plain SQL with generate_series: a million rows in seconds, not one query per row.

export interface SeededCompany {
  companyId: string;
  adminId: string;
  /** A session of the admin, for the Authorization header. */
  adminToken: string;
  /** An ordinary member (role user) who received some of the seeded alerts, and a session of theirs. */
  memberId: string;
  memberToken: string;
}

export interface CompanySeed {
  /** Distinguishes the seeded people of several companies in one database (e-mails `<key>-<n>@example.test`). */
  key: string;
  /** Members besides the admin. */
  members: number;
  /** Two digits after +47 for the members' phone numbers (`+47<prefix><n padded to 6>`): unique per company seeded. */
  phonePrefix: string;
  /** The share of members (0–1, by the last two digits of their number) with an android phone that can receive push. Default 0.5. */
  appShare?: number;
}

/** A company on the enterprise plan with `members` members, an admin and an ordinary member with sessions. */
export async function seedCompany(db: PrismaClient, seed: CompanySeed): Promise<SeededCompany> {
  const company = await db.company.create({
    data: {
      name: `Bench ${seed.key}`,
      plan: 'enterprise',
      includedSeats: seed.members + 1,
      features: ['mission', 'scenario', 'flicHub'],
      activatedAt: new Date(),
    },
  });
  const admin = await db.user.create({
    data: { email: `${seed.key}-admin@example.test`, name: `Admin ${seed.key}`, phone: `+47${seed.phonePrefix}000000` },
  });
  await db.membership.create({ data: { companyId: company.id, userId: admin.id, role: 'admin' } });
  await db.$executeRaw`
    WITH people AS (
      INSERT INTO "User" (id, email, name, phone, "updatedAt")
      SELECT gen_random_uuid(), ${seed.key} || '-' || n || '@example.test', 'Person ' || ${seed.key} || ' ' || n,
             '+47' || ${seed.phonePrefix} || lpad(n::text, 6, '0'), now()
      FROM generate_series(1, ${seed.members}::int) n
      RETURNING id
    )
    INSERT INTO "Membership" (id, "companyId", "userId", role, "updatedAt")
    SELECT gen_random_uuid(), ${company.id}::uuid, id, 'user', now() FROM people`;
  await db.$executeRaw`
    INSERT INTO "Device" (id, "userId", name, platform, "pushToken", "updatedAt")
    SELECT gen_random_uuid(), u.id, 'Phone', 'android', 'token-' || u.id, now()
    FROM "User" u
    WHERE u.email LIKE ${`${seed.key}-%@example.test`} AND u.id <> ${admin.id}::uuid
      AND right(u.phone, 2)::int < ${Math.round((seed.appShare ?? 0.5) * 100)}`;
  const member = await db.user.findUniqueOrThrow({ where: { email: `${seed.key}-1@example.test` } });
  const now = new Date();
  const [adminSession, memberSession] = await Promise.all([
    createSession(db, { userId: admin.id, extended: true, now }),
    createSession(db, { userId: member.id, extended: true, now }),
  ]);
  return {
    companyId: company.id,
    adminId: admin.id,
    adminToken: adminSession.token,
    memberId: member.id,
    memberToken: memberSession.token,
  };
}

export interface AlertHistorySeed {
  alerts: number;
  /** The newest this many alerts get 5–50 recipients each (one push receipt each, delivered). */
  withRecipients: number;
  /** Sent times are spread evenly over this many days back from now. Default 730 (1,000,000 alerts: ~124,000 in 91 days). */
  days?: number;
  /** The newest this many alerts are active; the rest completed. Default 20. */
  active?: number;
}

/**
 * `alerts` sent alerts of the company by its admin, newest first in time, plus 10 drafts of the admin's. Recipients are
 * runs of consecutive members; the seeded ordinary member (`<key>-1`) is among the recipients of about one alert in 30.
 */
export async function seedAlertHistory(
  db: PrismaClient,
  company: SeededCompany,
  seed: AlertHistorySeed,
): Promise<void> {
  const days = seed.days ?? 730;
  const active = seed.active ?? 20;
  await db.$executeRaw`
    INSERT INTO "Alert" (id, "companyId", "authorId", type, status, title, message, channels, target, "sentAt", "closedAt", "createdAt", "updatedAt")
    SELECT gen_random_uuid(), ${company.companyId}::uuid, ${company.adminId}::uuid,
           (ARRAY['alert', 'urgentAlert', 'alarm']::"AlertType"[])[1 + g % 3],
           (CASE WHEN g <= ${active}::int THEN 'active' ELSE 'completed' END)::"AlertStatus",
           'Alert ' || g, 'Seeded alert number ' || g, ARRAY['push', 'sms']::"Channel"[], '{"company": true}'::jsonb,
           sent, CASE WHEN g <= ${active}::int THEN NULL ELSE sent + interval '1 hour' END, sent, sent
    FROM generate_series(1, ${seed.alerts}::int) g,
         LATERAL (SELECT now() - (interval '1 day' * ${days}::int) * g / ${seed.alerts}::int AS sent) s`;
  await db.$executeRaw`
    INSERT INTO "Alert" (id, "companyId", "authorId", type, status, title, message, channels, target, "createdAt", "updatedAt")
    SELECT gen_random_uuid(), ${company.companyId}::uuid, ${company.adminId}::uuid, 'alert', 'draft',
           'Draft ' || g, 'Seeded draft ' || g, ARRAY['push']::"Channel"[], '{"company": true}'::jsonb, now(), now()
    FROM generate_series(1, 10) g`;
  if (seed.withRecipients <= 0) return;
  // Members numbered 1..n; alert number g (newest first) goes to members start..start+size-1.
  await db.$executeRaw`
    WITH members AS (
      SELECT m."userId", (regexp_match(u.email, '-(\\d+)@'))[1]::int AS n
      FROM "Membership" m JOIN "User" u ON u.id = m."userId"
      WHERE m."companyId" = ${company.companyId}::uuid AND m.role = 'user'
    ), size AS (SELECT max(n) AS total FROM members),
    newest AS (
      SELECT a.id, row_number() OVER (ORDER BY a."sentAt" DESC) AS g, a."sentAt"
      FROM "Alert" a WHERE a."companyId" = ${company.companyId}::uuid AND a."sentAt" IS NOT NULL
      ORDER BY a."sentAt" DESC LIMIT ${seed.withRecipients}::int
    ), picked AS (
      SELECT newest.id AS "alertId", newest."sentAt", members."userId"
      FROM newest, size,
           LATERAL (SELECT CASE WHEN newest.g % 30 = 0 THEN 1 ELSE 1 + (newest.g * 7919) % greatest(size.total - 50, 1) END AS first,
                           5 + (newest.g * 104729) % 46 AS count) run,
           LATERAL generate_series(run.first, run.first + run.count - 1) AS wanted(n)
      JOIN members ON members.n = wanted.n
    ), recipients AS (
      INSERT INTO "AlertRecipient" (id, "alertId", "companyId", "userId", "receivedAt", "createdAt")
      SELECT gen_random_uuid(), "alertId", ${company.companyId}::uuid, "userId", "sentAt" + interval '5 seconds', "sentAt"
      FROM picked
      RETURNING id, "alertId", "userId", "createdAt"
    )
    INSERT INTO "Receipt" ("alertId", "companyId", "recipientId", "userId", channel, state, "providerId", attempts, "sentAt", "deliveredAt", "createdAt", "updatedAt")
    SELECT "alertId", ${company.companyId}::uuid, id, "userId", 'push', 'delivered', 'seed-' || id, 1,
           "createdAt", "createdAt" + interval '2 seconds', "createdAt", "createdAt"
    FROM recipients`;
}

/**
 * One completed alert of the admin's, sent a day ago to every ordinary member, each with a delivered push receipt: a
 * delivery report of the company's size. Returns its id.
 */
export async function seedCompanyWideAlert(db: PrismaClient, company: SeededCompany): Promise<string> {
  const [alert] = await db.$queryRaw<{ id: string }[]>`
    INSERT INTO "Alert" (id, "companyId", "authorId", type, status, title, message, channels, target, "sentAt", "closedAt", "createdAt", "updatedAt")
    VALUES (gen_random_uuid(), ${company.companyId}::uuid, ${company.adminId}::uuid, 'alert', 'completed',
            'Whole company', 'Seeded alert to everyone', ARRAY['push']::"Channel"[], '{"company": true}'::jsonb,
            now() - interval '1 day', now() - interval '23 hours', now() - interval '1 day', now() - interval '1 day')
    RETURNING id`;
  await db.$executeRaw`
    WITH recipients AS (
      INSERT INTO "AlertRecipient" (id, "alertId", "companyId", "userId", "receivedAt", "createdAt")
      SELECT gen_random_uuid(), ${alert.id}::uuid, ${company.companyId}::uuid, m."userId",
             now() - interval '1 day' + interval '5 seconds', now() - interval '1 day'
      FROM "Membership" m WHERE m."companyId" = ${company.companyId}::uuid AND m.role = 'user'
      RETURNING id, "userId", "createdAt"
    )
    INSERT INTO "Receipt" ("alertId", "companyId", "recipientId", "userId", channel, state, "providerId", attempts, "sentAt", "deliveredAt", "createdAt", "updatedAt")
    SELECT ${alert.id}::uuid, ${company.companyId}::uuid, id, "userId", 'push', 'delivered', 'seed-' || id, 1,
           "createdAt", "createdAt" + interval '2 seconds', "createdAt", "createdAt"
    FROM recipients`;
  return alert.id;
}

export interface PositionsSeed {
  /** Around this point within ±0.2° lat, ±0.4° lng. Default Oslo (59.91, 10.75). */
  center?: { lat: number; lng: number };
  /** Only members numbered from..to (e-mails `<key>-<n>@…`), both included. Default every member. */
  members?: { from: number; to: number };
}

/**
 * `perMember` positions of each member (the newest within the last hour, one a day before it), from their phone when
 * they have one, around `center` within ±0.2° lat, ±0.4° lng.
 */
export async function seedPositions(
  db: PrismaClient,
  company: SeededCompany,
  perMember: number,
  { center = { lat: 59.91, lng: 10.75 }, members }: PositionsSeed = {},
): Promise<void> {
  const numbered = members
    ? Prisma.sql`AND (regexp_match(u.email, '-(\\d+)@'))[1]::int BETWEEN ${members.from}::int AND ${members.to}::int`
    : Prisma.empty;
  await db.$executeRaw`
    INSERT INTO "Position" (id, "userId", "deviceId", lat, lng, accuracy, source, "recordedAt")
    SELECT gen_random_uuid(), m."userId", d.id, ${center.lat}::float8 + (random() - 0.5) * 0.4,
           ${center.lng}::float8 + (random() - 0.5) * 0.8, 10 + random() * 40, 'app',
           now() - interval '1 minute' * (random() * 60) - interval '1 day' * (k - 1)
    FROM "Membership" m
    JOIN "User" u ON u.id = m."userId"
    LEFT JOIN LATERAL (SELECT id FROM "Device" WHERE "userId" = m."userId" LIMIT 1) d ON true
    CROSS JOIN generate_series(1, ${perMember}::int) k
    WHERE m."companyId" = ${company.companyId}::uuid AND m.role = 'user' ${numbered}`;
}

/**
 * After a bulk seed: fresh planner statistics (the planner otherwise assumes the tables are nearly empty), and the
 * seed's pages written out now (CHECKPOINT) rather than by the checkpointer in the background while the bench measures
 * (gigabytes after a million alerts).
 */
export async function analyze(db: PrismaClient): Promise<void> {
  await db.$executeRaw`VACUUM ANALYZE`;
  await db.$executeRaw`CHECKPOINT`;
}

/**
 * What the outbox driver records for the company's seeded history: one SMS row per recipient of each alert with
 * recipients (the newest 100,000 alerts with 5–50 recipients: ~2.75 million rows), at the alert's sent time.
 */
export async function seedOutbox(db: PrismaClient, company: SeededCompany): Promise<void> {
  await db.$executeRaw`
    INSERT INTO "OutboundMessage" (id, "companyId", channel, recipient, body, status, "alertId", "deliveryKey", "createdAt")
    SELECT gen_random_uuid(), ${company.companyId}::uuid, 'sms', u.phone, a.title || ': ' || a.message, 'sent', a.id,
           a.id || ':' || r."userId" || ':sms', a."sentAt" + interval '1 second'
    FROM "AlertRecipient" r
    JOIN "Alert" a ON a.id = r."alertId"
    JOIN "User" u ON u.id = r."userId"
    WHERE r."companyId" = ${company.companyId}::uuid`;
}
