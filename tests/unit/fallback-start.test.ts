import { describe, expect, it } from '@jest/globals';
import { fallbackStartsAt } from '@/lib/delivery/fallback-start';

// With the defaults (a 120 s fallback delay, Twilio's 100 requests at once): the job starts so that its last SMS is
// requested by the 2 minutes, planning 300 ms a request and 3 s to start, and never before the first minute is over.
describe('fallbackStartsAt', () => {
  const sentAt = new Date('2026-11-27T10:00:00.000Z');
  const startsAfter = (candidates: number) =>
    (fallbackStartsAt(sentAt, candidates).getTime() - sentAt.getTime()) / 1000;

  it("starts a small alert's fallback a few seconds before the 2 minutes", () => {
    expect(startsAfter(0)).toBe(117);
    expect(startsAfter(10)).toBeCloseTo(116.7);
  });

  it("starts a large one early enough for all its SMS at the account's concurrency", () => {
    expect(startsAfter(10_000)).toBeCloseTo(87); // 100 rounds of 100 requests: 30 s, and 3 s to start
  });

  it('never starts before half the delay', () => {
    expect(startsAfter(100_000)).toBe(60);
  });
});
