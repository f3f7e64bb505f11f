import { createHash } from 'node:crypto';
import { ApiError } from '@/lib/api-error';
import { env } from '@/lib/env';
import { redis } from '@/lib/redis';

/** Failed attempts (password or one-time code) on one account within the window that lead to a ban. */
export const MAX_FAILED_LOGINS = 5;
export const FAILURE_WINDOW_MS = 15 * 60_000;
export const LOGIN_BAN_MS = 15 * 60_000;

// Keyed by the e-mail typed, whether or not an account has it, so an unknown address is answered exactly like a known
// one (including the ban), and by account rather than by network address.
function keys(email: string) {
  const id = createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
  return { failures: `${env.QUEUE_PREFIX}:login-failures:${id}`, ban: `${env.QUEUE_PREFIX}:login-ban:${id}` };
}

function bannedError(until: number, now: Date): ApiError {
  const minutesRemaining = Math.max(1, Math.ceil((until - now.getTime()) / 60_000));
  return ApiError.tooManyRequests(
    `Too many failed login attempts. Wait ${minutesRemaining} minute(s) to try again`,
    minutesRemaining * 60,
  ).with({
    code: 'loginBanned',
    minutesRemaining,
  });
}

export async function assertLoginAllowed(email: string, now: Date): Promise<void> {
  const until = Number(await redis().get(keys(email).ban));
  if (until > now.getTime()) throw bannedError(until, now);
}

/** Counts a failure; the one that reaches the limit starts the ban and is answered with it. */
export async function recordLoginFailure(email: string, now: Date): Promise<void> {
  const { failures, ban } = keys(email);
  const [[, count]] = (await redis().multi().incr(failures).pexpire(failures, FAILURE_WINDOW_MS, 'NX').exec()) as [
    [null, number],
    unknown,
  ];
  if (count < MAX_FAILED_LOGINS) return;
  const until = now.getTime() + LOGIN_BAN_MS;
  // The key outlives the ban a little: the stored deadline, not the TTL, decides (tests move the clock).
  await redis()
    .multi()
    .set(ban, String(until), 'PX', LOGIN_BAN_MS + 60 * 60_000)
    .del(failures)
    .exec();
  throw bannedError(until, now);
}

export async function clearLoginFailures(email: string): Promise<void> {
  const { failures, ban } = keys(email);
  await redis().del(failures, ban);
}
