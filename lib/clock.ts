import { env } from '@/lib/env';

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The current time. TEST_CLOCK_OFFSET_MS shifts it, so tests can run time-window rules against a real server. */
export function now(): Date {
  return new Date(Date.now() + env.TEST_CLOCK_OFFSET_MS);
}
