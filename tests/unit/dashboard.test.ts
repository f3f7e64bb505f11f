import { describe, it, expect } from '@jest/globals';
import { needsAppReminder } from '@/components/dashboard/app-reminder';
import { countdownParts, formatCountdown, formatTimeLeft } from '@/components/missions/countdown';

describe('mission countdown', () => {
  const now = Date.parse('2026-11-21T12:00:00Z');

  it('splits the time left into days, hours, minutes and seconds', () => {
    const end = now + ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000;
    expect(countdownParts(end, now)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5 });
    expect(formatCountdown(countdownParts(end, now)!)).toBe('2 : 03 : 04 : 05');
  });

  it("says the time left with units from its largest one, in the reader's language", () => {
    expect(formatTimeLeft({ days: 2, hours: 3, minutes: 4, seconds: 5 }, 'en-US')).toBe('2d 3h 4m 5s');
    expect(formatTimeLeft({ days: 0, hours: 0, minutes: 3, seconds: 48 }, 'en-US')).toBe('3m 48s');
    expect(formatTimeLeft({ days: 0, hours: 0, minutes: 0, seconds: 9 }, 'en-US')).toBe('0m 9s');
    expect(formatTimeLeft({ days: 0, hours: 1, minutes: 0, seconds: 0 }, 'nb-NO')).toMatch(
      /^1\s?t 0\s?m(in)? 0\s?s(ek)?$/,
    );
  });

  it('is over (null) once the end time is reached', () => {
    expect(countdownParts(now + 1, now)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1 });
    expect(countdownParts(now, now)).toBeNull();
    expect(countdownParts(now - 60_000, now)).toBeNull();
  });
});

describe('app reminder', () => {
  it('shows only when more than 20% of the users have no device', () => {
    expect(needsAppReminder(1, 5)).toBe(false);
    expect(needsAppReminder(2, 5)).toBe(true);
    expect(needsAppReminder(0, 0)).toBe(false);
    expect(needsAppReminder(null, 5)).toBe(false);
  });
});
