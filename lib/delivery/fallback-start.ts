import { env } from '@/lib/env';

/** The time a Twilio request takes that the fallback plans with (its API answers in 100–300 ms). */
const PLANNED_REQUEST_MS = 300;
/** For the job to be taken, its receipts written and its parts started. */
const START_MARGIN_MS = 3_000;

/**
 * When an alert's fallback SMS job starts. The spec's fallback SMS is sent within 2 minutes (FALLBACK_SMS_DELAY_SECONDS)
 * to whoever the app has not confirmed for: the job starts early enough that the last of `candidates` SMS (the people
 * the push went to) is requested by then, at the account's Twilio concurrency, and never before half the delay.
 */
export function fallbackStartsAt(sentAt: Date, candidates: number): Date {
  const deadlineMs = env.FALLBACK_SMS_DELAY_SECONDS * 1000;
  const sendingMs = Math.ceil(candidates / env.TWILIO_MAX_CONCURRENT_REQUESTS) * PLANNED_REQUEST_MS + START_MARGIN_MS;
  return new Date(sentAt.getTime() + Math.max(deadlineMs / 2, deadlineMs - sendingMs));
}
