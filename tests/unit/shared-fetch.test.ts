import { describe, it, expect } from '@jest/globals';
import { createSharedFetch } from '@/components/session/shared-fetch';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

describe('the profile fetch (spec §7: at most every 2 seconds while one is running)', () => {
  function setup() {
    let clock = 0;
    const calls: { signal: AbortSignal; answer: ReturnType<typeof deferred<string>> }[] = [];
    const fetch = createSharedFetch(
      (signal) => {
        const answer = deferred<string>();
        calls.push({ signal, answer });
        return answer.promise;
      },
      2_000,
      () => clock,
    );
    return { fetch, calls, advance: (ms: number) => (clock += ms) };
  }

  it('joins a running fetch younger than 2 seconds', async () => {
    const { fetch, calls, advance } = setup();
    const first = fetch.run();
    advance(1_999);
    const second = fetch.run();
    expect(first.joined).toBe(false);
    expect(second.joined).toBe(true);
    expect(calls).toHaveLength(1);
    calls[0].answer.resolve('me');
    await expect(second.promise).resolves.toBe('me');
  });

  it('starts again after 2 seconds, stopping the old fetch', () => {
    const { fetch, calls, advance } = setup();
    fetch.run();
    advance(2_000);
    expect(fetch.run().joined).toBe(false);
    expect(calls).toHaveLength(2);
    expect(calls[0].signal.aborted).toBe(true);
    expect(calls[1].signal.aborted).toBe(false);
  });

  it('fetches anew once the last fetch has finished, however soon', async () => {
    const { fetch, calls } = setup();
    const first = fetch.run();
    calls[0].answer.resolve('me');
    await first.promise;
    await Promise.resolve();
    expect(fetch.run().joined).toBe(false);
    expect(calls).toHaveLength(2);
  });

  it('abort stops the running fetch', () => {
    const { fetch, calls } = setup();
    fetch.run();
    fetch.abort();
    expect(calls[0].signal.aborted).toBe(true);
    expect(fetch.run().joined).toBe(false);
  });
});
