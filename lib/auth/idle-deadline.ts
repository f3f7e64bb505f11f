import { env } from '@/lib/env';

/** When a session used at `now` goes idle: 30 minutes on (none for extended login), never past its hard deadline. */
export function idleDeadline(now: Date, extended: boolean, absoluteExpiresAt: Date): Date {
  if (extended) return absoluteExpiresAt;
  const idle = new Date(now.getTime() + env.SESSION_IDLE_MINUTES * 60_000);
  return idle < absoluteExpiresAt ? idle : absoluteExpiresAt;
}
