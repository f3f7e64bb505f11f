/** Checks start at most this often, so a stream of questions is answered in batches rather than one query each. */
const MIN_CHECK_INTERVAL_MS = 10;

interface Waiter {
  resolve: (yes: boolean) => void;
  reject: (error: unknown) => void;
}

/**
 * Yes/no questions asked one at a time (one per provider request, right before it goes out), answered by shared
 * queries: every answer comes from a query that started after its question was asked, and the questions asked meanwhile
 * share the next query (one a round trip, and no more than one every MIN_CHECK_INTERVAL_MS). `keyOf` names a question;
 * `answer` gets the distinct questions of a round and returns the keys whose answer is yes.
 */
export function batchedCheck<Q>(
  keyOf: (question: Q) => string,
  answer: (questions: Q[]) => Promise<Set<string>>,
): (question: Q) => Promise<boolean> {
  let asked = new Map<string, { question: Q; waiters: Waiter[] }>();
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
        const yes = await answer([...round.values()].map((entry) => entry.question));
        for (const [key, { waiters }] of round) for (const waiter of waiters) waiter.resolve(yes.has(key));
      } catch (error) {
        for (const { waiters } of round.values()) for (const waiter of waiters) waiter.reject(error);
      }
    }
    running = false;
  };

  return (question) =>
    new Promise((resolve, reject) => {
      const key = keyOf(question);
      const entry = asked.get(key) ?? { question, waiters: [] };
      entry.waiters.push({ resolve, reject });
      asked.set(key, entry);
      if (running) return;
      running = true;
      // After the questions asked in the same turn, so they share the query.
      queueMicrotask(() => void run());
    });
}
