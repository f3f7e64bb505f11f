import { env } from '@/lib/env';
import type { SessionKind } from '@/lib/generated/prisma/enums';

const DAY_MS = 24 * 60 * 60_000;
/** A device session (the responder) ends after this many days without use (issue 33). */
export const DEVICE_SESSION_IDLE_DAYS = 90;
/** A device session ends this many days after the sign-in, used or not: the person signs in again once a year. */
export const DEVICE_SESSION_LIFETIME_DAYS = 365;

export interface SessionTerms {
  extended: boolean;
  kind: SessionKind;
}

/** The hard deadline of a session started at `now`: 12 hours for the console, a year for a device. */
export function lifetimeEnd(now: Date, kind: SessionKind): Date {
  const lifetimeMs = kind === 'device' ? DEVICE_SESSION_LIFETIME_DAYS * DAY_MS : env.SESSION_LIFETIME_HOURS * 3_600_000;
  return new Date(now.getTime() + lifetimeMs);
}

/**
 * When a session used at `now` goes idle: 30 minutes on for the console (none for extended login), 90 days on for a
 * device, never past its hard deadline.
 */
export function idleDeadline(now: Date, terms: SessionTerms, absoluteExpiresAt: Date): Date {
  if (terms.kind === 'console' && terms.extended) return absoluteExpiresAt;
  const idleMs = terms.kind === 'device' ? DEVICE_SESSION_IDLE_DAYS * DAY_MS : env.SESSION_IDLE_MINUTES * 60_000;
  const idle = new Date(now.getTime() + idleMs);
  return idle < absoluteExpiresAt ? idle : absoluteExpiresAt;
}
