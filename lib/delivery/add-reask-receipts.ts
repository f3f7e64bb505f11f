import type { DbClient } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import type { Channel } from '@/lib/generated/prisma/enums';

/**
 * Who a channel of the alert can reach again: not someone it is known to fail for. Push: the alert's own push to them
 * did not fail (they have the app). SMS: a number, not opted out, and no SMS of this alert failed for it. Calls: a
 * number no call of this alert failed for.
 */
/** The recipient row `r` has the app: the alert's own push to them did not fail (the contact cycle's push steps too). */
export const PUSH_REACHED_BEFORE = Prisma.sql`EXISTS (
  SELECT 1 FROM "Receipt" p
  WHERE p."alertId" = r."alertId" AND p."userId" = r."userId" AND p.channel = 'push' AND NOT p.fallback AND p.round = 1
    AND p.state <> 'failed')`;

const REACHABLE: Record<Channel, Prisma.Sql> = {
  push: PUSH_REACHED_BEFORE,
  sms: Prisma.sql`u.phone IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "SmsOptOut" o WHERE o.phone = u.phone)
    AND NOT EXISTS (SELECT 1 FROM "Receipt" f WHERE f."alertId" = r."alertId" AND f."userId" = r."userId"
      AND f.channel = 'sms' AND f.state = 'failed')`,
  voice: Prisma.sql`u.phone IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "Receipt" f WHERE f."alertId" = r."alertId"
      AND f."userId" = r."userId" AND f.channel = 'voice' AND f.state = 'failed')`,
};

/** The round of the alert's own messages that asking again next would be (2 for the first re-ask). */
export async function nextReaskRound(db: DbClient, alertId: string): Promise<number> {
  const [{ last }] = await db.$queryRaw<{ last: number }[]>`
    SELECT coalesce(max(round), 1)::int AS last FROM "Receipt" WHERE "alertId" = ${alertId}::uuid AND NOT fallback`;
  return last + 1;
}

/**
 * The receipts of asking an alert's question again (issue 36): for each of its channels, one pending receipt of
 * `round` (without fallback: the contact cycle's steps are the fallback ones) for everyone it alerted who has not
 * answered and whom the channel is not known to fail for. Once per person, channel and round, however often it runs.
 * Answers how many people it asks.
 */
export async function addReaskReceipts(
  db: DbClient,
  alert: { id: string; channels: Channel[] },
  round: number,
  at: Date,
): Promise<number> {
  for (const channel of alert.channels) {
    await db.$executeRaw`
      INSERT INTO "Receipt" ("alertId", "companyId", "recipientId", "userId", channel, fallback, round, state, "createdAt", "updatedAt")
      SELECT r."alertId", r."companyId", r.id, r."userId", ${channel}::"Channel", false, ${round}, 'pending', ${at}, ${at}
      FROM "AlertRecipient" r JOIN "User" u ON u.id = r."userId"
      WHERE r."alertId" = ${alert.id}::uuid AND r."inTarget" AND r."answeredAt" IS NULL AND ${REACHABLE[channel]}
      ON CONFLICT DO NOTHING`;
  }
  const [{ count }] = await db.$queryRaw<{ count: number }[]>`
    SELECT count(DISTINCT "userId")::int AS count FROM "Receipt"
    WHERE "alertId" = ${alert.id}::uuid AND round = ${round} AND NOT fallback`;
  return count;
}
