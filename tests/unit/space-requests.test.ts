import { describe, it, expect } from '@jest/globals';
import { requestSpacing } from '@/lib/map/space-requests';

describe('requestSpacing (the public Nominatim: one search a second)', () => {
  it('lets calls through at least the interval apart, in order, and refuses one that would wait too long', async () => {
    const waitForTurn = requestSpacing(100, 250);
    const started = Date.now();
    const passed: number[] = [];
    const turns = [0, 1, 2].map((index) => waitForTurn().then((ok) => ok && passed.push(index)));
    const refused = await waitForTurn();
    await Promise.all(turns);
    expect(passed).toEqual([0, 1, 2]);
    expect(refused).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(195);
  });

  it('does not wait when the last call was long enough ago', async () => {
    let now = 1_000;
    const waitForTurn = requestSpacing(1_000, 5_000, () => now);
    expect(await waitForTurn()).toBe(true);
    now += 1_500;
    const started = Date.now();
    expect(await waitForTurn()).toBe(true);
    expect(Date.now() - started).toBeLessThan(50);
  });
});
