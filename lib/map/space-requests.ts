/**
 * Spaces calls to a service at least `intervalMs` apart within this process: each call waits for its own turn.
 * A call whose turn would come later than `maxWaitMs` from now is refused (returns false) instead of queued.
 */
export function requestSpacing(intervalMs: number, maxWaitMs: number, now: () => number = Date.now) {
  let nextTurn = 0;
  return async function waitForTurn(): Promise<boolean> {
    const current = now();
    const turn = Math.max(current, nextTurn);
    if (turn - current > maxWaitMs) return false;
    nextTurn = turn + intervalMs;
    if (turn > current) await new Promise((resolve) => setTimeout(resolve, turn - current));
    return true;
  };
}
