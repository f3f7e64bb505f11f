import { createHash } from 'node:crypto';
import { ApiError } from '@/lib/api-error';
import { env } from '@/lib/env';
import { redis } from '@/lib/redis';
import { takeAllowance, THROTTLES, uncount } from '@/lib/throttle/take-allowance';

/** Failed attempts (password or one-time code) on one account within the window that lead to a ban. */
export const MAX_FAILED_LOGINS = 5;
export const FAILURE_WINDOW_MS = 15 * 60_000;
export const LOGIN_BAN_MS = 15 * 60_000;
/** The ban key outlives the ban a little: the stored deadline, not the TTL, decides (tests move the clock). */
const BAN_KEY_TTL_MS = LOGIN_BAN_MS + 60 * 60_000;

// Keyed by the e-mail typed, whether or not an account has it, so an unknown address is answered exactly like a known
// one (including the ban), and by account; failures by client address are counted beside (lib/throttle).
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

// One atomic step in Redis: refused while banned; else the attempt is counted as a failure before the password or code
// is checked, so parallel requests cannot all be checked before the first failure is counted. An attempt past the
// limit starts the ban at once. Answers [count, 0], or [-1, ban deadline].
const TAKE_ATTEMPT = `
local now = tonumber(ARGV[1])
local banned_until = tonumber(redis.call('GET', KEYS[2]) or '0')
if banned_until > now then return {-1, banned_until} end
local count = redis.call('INCR', KEYS[1])
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
if count > tonumber(ARGV[3]) then
  local ban_until = now + tonumber(ARGV[4])
  redis.call('SET', KEYS[2], tostring(ban_until), 'PX', ARGV[5])
  redis.call('DEL', KEYS[1])
  return {-1, ban_until}
end
return {count, 0}`;

/** A login attempt taken from the account's allowance: how it ended is reported through one of its methods. */
export interface LoginAttempt {
  /** The password or code was wrong: the attempt stays counted; the one that reaches the limit starts the ban. */
  failed: () => Promise<never>;
  /** The password was right but the login is not done (2FA next, e-mail not confirmed): the attempt is given back. */
  giveBack: () => Promise<void>;
  /** Logged in: the account's failures and ban are cleared. */
  succeeded: () => Promise<void>;
}

/**
 * Takes one attempt before checking a password or one-time code: 429 while the client address has too many failures
 * (over all accounts) or the account is banned, or when this attempt is one past the account's limit (parallel
 * guesses), else the attempt, already counted as a failure of both until it is reported.
 */
export async function takeLoginAttempt(
  email: string,
  clientAddress: string,
  now: Date,
  failure: () => ApiError,
): Promise<LoginAttempt> {
  const address = await takeAllowance([{ rule: THROTTLES.failedLogins, subject: clientAddress }]);
  const { failures, ban } = keys(email);
  const [count, bannedUntil] = await (
    redis().eval(
      TAKE_ATTEMPT,
      2,
      failures,
      ban,
      now.getTime(),
      FAILURE_WINDOW_MS,
      MAX_FAILED_LOGINS,
      LOGIN_BAN_MS,
      BAN_KEY_TTL_MS,
    ) as Promise<[number, number]>
  ).catch(async (error: unknown) => {
    await address.giveBack();
    throw error;
  });
  if (count < 0) {
    // No password or code is checked for a banned account: not a failure of the address.
    await address.giveBack();
    throw bannedError(bannedUntil, now);
  }
  return {
    failed: async () => {
      if (count < MAX_FAILED_LOGINS) throw failure();
      const until = now.getTime() + LOGIN_BAN_MS;
      await redis().multi().set(ban, String(until), 'PX', BAN_KEY_TTL_MS).del(failures).exec();
      throw bannedError(until, now);
    },
    giveBack: async () => {
      await Promise.all([uncount([failures]), address.giveBack()]);
    },
    succeeded: async () => {
      await Promise.all([clearLoginFailures(email), address.giveBack()]);
    },
  };
}

/** 429 `loginBanned` while the account is banned for failed logins (a sign-in with Microsoft waits the ban out too). */
export async function refuseWhileLoginBanned(email: string, now: Date): Promise<void> {
  const bannedUntil = Number((await redis().get(keys(email).ban)) ?? '0');
  if (bannedUntil > now.getTime()) throw bannedError(bannedUntil, now);
}

export async function clearLoginFailures(email: string): Promise<void> {
  const { failures, ban } = keys(email);
  await redis().del(failures, ban);
}
