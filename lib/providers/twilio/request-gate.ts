import { AsyncLocalStorage } from 'node:async_hooks';

/** A Twilio request that its gate stopped: nothing was sent. */
export class RequestNotWanted extends Error {
  constructor() {
    super('the request was no longer wanted when its turn came');
    this.name = 'RequestNotWanted';
  }
}

const gates = new AsyncLocalStorage<() => Promise<boolean>>();

/**
 * Runs `send` so that each Twilio request it makes asks `wanted` first, at the last moment: once the request holds its
 * permit of the account's limit, before every attempt (a 429 sent again asks again). A request that is not wanted
 * rejects with RequestNotWanted and goes nowhere. The permits can keep a request waiting for a while under load; a
 * check made before that wait could be stale by the time the request goes out.
 */
export function withRequestGate<T>(wanted: () => Promise<boolean>, send: () => Promise<T>): Promise<T> {
  return gates.run(wanted, send);
}

/** For the request client: throws RequestNotWanted when the gate of the request under way says no. */
export async function passRequestGate(): Promise<void> {
  const wanted = gates.getStore();
  if (wanted && !(await wanted())) throw new RequestNotWanted();
}
