import type { DbClient } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import { batchedCheck } from './batched-check';

/**
 * For the follow-ups of one alert (the fallback SMS, the contact cycle's steps): answers, for each person asked about,
 * whether their app (or an SMS reply, a key press) has still not confirmed and they have not answered. Every answer comes from a query that started after the question was asked, so a
 * confirmation recorded before an SMS was about to go out is seen; the questions asked meanwhile share the next query.
 */
export function unconfirmedCheck(db: DbClient, alertId: string): (userId: string) => Promise<boolean> {
  return notYetCheck(db, alertId, Prisma.sql`("receivedAt" IS NOT NULL OR "answeredAt" IS NOT NULL)`);
}

/**
 * Who a receipt group's message is still for, checked right before it goes out: a follow-up (fallback SMS, contact
 * cycle step) to who has neither confirmed nor answered, a question asked again (round 2 on without fallback) to who has
 * not answered; the alert's own send (undefined) to everyone.
 */
export function followUpCheck(
  db: DbClient,
  alertId: string,
  { fallback, round }: { fallback: boolean; round: number },
): ((userId: string) => Promise<boolean>) | undefined {
  if (fallback) return unconfirmedCheck(db, alertId);
  return round > 1 ? unansweredCheck(db, alertId) : undefined;
}

/** For a question asked again (a re-ask): whether the person has still not answered (a confirmation is not an answer). */
export function unansweredCheck(db: DbClient, alertId: string): (userId: string) => Promise<boolean> {
  return notYetCheck(db, alertId, Prisma.sql`"answeredAt" IS NOT NULL`);
}

/** For each person asked about: whether `done` is still false on their recipient row (batched, see above). */
function notYetCheck(db: DbClient, alertId: string, done: Prisma.Sql): (userId: string) => Promise<boolean> {
  return batchedCheck(
    (userId: string) => userId,
    async (userIds) => {
      const finished = await db.$queryRaw<{ userId: string }[]>`
        SELECT "userId" FROM "AlertRecipient"
        WHERE "alertId" = ${alertId}::uuid AND "userId" = ANY(${userIds}::uuid[]) AND ${done}`;
      const finishedIds = new Set(finished.map((row) => row.userId));
      return new Set(userIds.filter((userId) => !finishedIds.has(userId)));
    },
  );
}
