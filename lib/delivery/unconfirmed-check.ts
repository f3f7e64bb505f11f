import type { DbClient } from '@/lib/db';
import { batchedCheck } from './batched-check';

/**
 * For the follow-ups of one alert (the fallback SMS, the contact cycle's steps): answers, for each person asked about,
 * whether their app (or an SMS reply, a key press) has still not confirmed and they have not answered. Every answer comes from a query that started after the question was asked, so a
 * confirmation recorded before an SMS was about to go out is seen; the questions asked meanwhile share the next query.
 */
export function unconfirmedCheck(db: DbClient, alertId: string): (userId: string) => Promise<boolean> {
  return batchedCheck(
    (userId: string) => userId,
    async (userIds) => {
      const confirmed = await db.$queryRaw<{ userId: string }[]>`
        SELECT "userId" FROM "AlertRecipient"
        WHERE "alertId" = ${alertId}::uuid AND "userId" = ANY(${userIds}::uuid[]) AND ("receivedAt" IS NOT NULL OR "answeredAt" IS NOT NULL)`;
      const confirmedIds = new Set(confirmed.map((row) => row.userId));
      return new Set(userIds.filter((userId) => !confirmedIds.has(userId)));
    },
  );
}
