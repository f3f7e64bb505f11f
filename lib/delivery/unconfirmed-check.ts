import type { DbClient } from '@/lib/db';

/** Checks start at most this often, so a stream of requests asks in batches rather than one query each. */
const MIN_CHECK_INTERVAL_MS = 10;

/**
 * For the fallback SMS of one alert: answers, for each person asked about, whether their app (or an SMS reply, a key
 * press) has still not confirmed. Every answer comes from a query that started after the question was asked, so a
 * confirmation recorded before an SMS was about to go out is seen; the questions asked meanwhile share the next query
 * (one a round trip, and no more than one every MIN_CHECK_INTERVAL_MS).
 */
export function unconfirmedCheck(db: DbClient, alertId: string): (userId: string) => Promise<boolean> {
  let asked = new Map<string, { resolve: (unconfirmed: boolean) => void; reject: (error: unknown) => void }[]>();
  let running = false;
  let lastStart = 0;

  const run = async () => {
    while (asked.size > 0) {
      const wait = lastStart + MIN_CHECK_INTERVAL_MS - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const round = asked;
      asked = new Map();
      lastStart = performance.now();
      try {
        const confirmed = await db.$queryRaw<{ userId: string }[]>`
          SELECT "userId" FROM "AlertRecipient"
          WHERE "alertId" = ${alertId}::uuid AND "userId" = ANY(${[...round.keys()]}::uuid[]) AND "receivedAt" IS NOT NULL`;
        const confirmedIds = new Set(confirmed.map((row) => row.userId));
        for (const [userId, waiters] of round) for (const waiter of waiters) waiter.resolve(!confirmedIds.has(userId));
      } catch (error) {
        for (const waiters of round.values()) for (const waiter of waiters) waiter.reject(error);
      }
    }
    running = false;
  };

  return (userId) =>
    new Promise((resolve, reject) => {
      asked.set(userId, [...(asked.get(userId) ?? []), { resolve, reject }]);
      if (running) return;
      running = true;
      // After the questions asked in the same turn, so they share the query.
      queueMicrotask(() => void run());
    });
}
