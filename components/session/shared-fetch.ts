/** A fetch shared by every call within `shareMs` of its start (spec §7: the profile is fetched at most every 2 s). */
export interface SharedFetch<T> {
  /** Starts a fetch, or joins the running one when it started less than `shareMs` ago (`joined`: true). */
  run(): { promise: Promise<T>; signal: AbortSignal; joined: boolean };
  /** Stops the running fetch, if any. */
  abort(): void;
}

export function createSharedFetch<T>(
  load: (signal: AbortSignal) => Promise<T>,
  shareMs: number,
  now: () => number = Date.now,
): SharedFetch<T> {
  let running: { startedAt: number; controller: AbortController; promise: Promise<T> } | null = null;
  return {
    run() {
      if (running && now() - running.startedAt < shareMs)
        return { promise: running.promise, signal: running.controller.signal, joined: true };
      running?.controller.abort();
      const controller = new AbortController();
      const finished = () => {
        if (running?.controller === controller) running = null;
      };
      const promise = load(controller.signal);
      promise.then(finished, finished);
      running = { startedAt: now(), controller, promise };
      return { promise, signal: controller.signal, joined: false };
    },
    abort() {
      running?.controller.abort();
      running = null;
    },
  };
}
