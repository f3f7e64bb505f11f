import { createHash } from 'node:crypto';
import { ApiError } from '@/lib/api-error';
import { env } from '@/lib/env';
import { throttleSubjectOf } from '@/lib/http-parts/client-address';
import { redis } from '@/lib/redis';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * A fixed window: at most `limit` requests per subject (a client address, an e-mail typed, a button, a company) in
 * `windowMs`.
 */
export interface ThrottleRule {
  /** Part of the Redis key. */
  name: string;
  per: 'clientAddress' | 'email' | 'iotDevice' | 'company' | 'operator';
  limit: number;
  windowMs: number;
}

/**
 * Every throttle by client address or typed e-mail, in one table (docs/decisions.md says why these numbers): well
 * above what a person, or an office behind one address, ever does; far below what a script needs.
 */
export const THROTTLES = {
  /** Wrong passwords and one-time codes from one address, over every account (the per-account ban is separate). */
  failedLogins: { name: 'failed-logins', per: 'clientAddress', limit: 50, windowMs: 15 * MINUTE_MS },
  passwordResetsPerAddress: { name: 'password-resets', per: 'clientAddress', limit: 20, windowMs: HOUR_MS },
  passwordResetsPerEmail: { name: 'password-resets-email', per: 'email', limit: 5, windowMs: HOUR_MS },
  /** Sign-ins with Microsoft started from one address (each may read a tenant's discovery document at Microsoft). */
  microsoftSignIns: { name: 'microsoft-sign-ins', per: 'clientAddress', limit: 30, windowMs: 15 * MINUTE_MS },
  signUps: { name: 'sign-ups', per: 'clientAddress', limit: 30, windowMs: HOUR_MS },
  /** "Send the confirmation e-mail again" (login): each sends an e-mail, so few per address typed. */
  confirmationResendsPerAddress: { name: 'confirmation-resends', per: 'clientAddress', limit: 20, windowMs: HOUR_MS },
  confirmationResendsPerEmail: { name: 'confirmation-resends-email', per: 'email', limit: 3, windowMs: HOUR_MS },
  captchaChallenges: { name: 'captcha-challenges', per: 'clientAddress', limit: 100, windowMs: HOUR_MS },
  /** An operator's channel tests (each sends a real SMS, call, e-mail or push, which may cost money): a few a minute. */
  channelTests: { name: 'channel-tests', per: 'operator', limit: 5, windowMs: MINUTE_MS },
  /** Alerts one Flic button starts (a stuck or looping hub must not flood the company with alerts). */
  iotButtonStarts: { name: 'iot-button-starts', per: 'iotDevice', limit: 10, windowMs: MINUTE_MS },
  /** "Contact sales" requests of one company: a few a day is plenty; each may e-mail the operator's sales address. */
  salesRequests: { name: 'sales-requests', per: 'company', limit: 10, windowMs: HOUR_MS },
  /** Voice samples a company has spoken anew (a sample already made is free): speech costs CPU or Polly's fees. */
  voiceSamples: { name: 'voice-samples', per: 'company', limit: 60, windowMs: HOUR_MS },
  /**
   * Taps on tap-to-answer links from one address: a whole site behind one address may answer at once, so many; a
   * script guessing 128-bit tokens gains nothing from them anyway.
   */
  answerLinkTaps: { name: 'answer-link-taps', per: 'clientAddress', limit: 1000, windowMs: 15 * MINUTE_MS },
} as const satisfies Record<string, ThrottleRule>;

/**
 * One subject under one rule: the client address (IPv6 by /64), the e-mail as typed (case and spaces aside), a button's,
 * a company's or an operator's (account) id.
 */
export interface ThrottleSubject {
  rule: ThrottleRule;
  subject: string;
}

function keyOf({ rule, subject }: ThrottleSubject): string {
  const normalized = rule.per === 'clientAddress' ? throttleSubjectOf(subject) : subject.trim().toLowerCase();
  // Hashed, so Redis holds no e-mail addresses.
  const id = createHash('sha256').update(normalized).digest('hex');
  return `${env.QUEUE_PREFIX}:throttle:${rule.name}:${id}`;
}

/** 429 with Retry-After and the minutes remaining (code `throttled`, translated by the interface). */
export function throttledError(retryAfterMs: number): ApiError {
  const retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  const minutesRemaining = Math.ceil(retryAfterSeconds / 60);
  return ApiError.tooManyRequests(
    `Too many requests. Wait ${minutesRemaining} minute(s) to try again`,
    retryAfterSeconds,
  ).with({ code: 'throttled', minutesRemaining });
}

// One atomic step over every key: refused (with the longest time left) when any window is full, else one more request
// counted in each; a window starts with its first request. ARGV: limit and window (ms) per key, in the keys' order.
const TAKE = `
local refusedFor = -1
for i, key in ipairs(KEYS) do
  local count = tonumber(redis.call('GET', key) or '0')
  if count >= tonumber(ARGV[2 * i - 1]) then
    local ttl = redis.call('PTTL', key)
    if ttl < 0 then
      ttl = tonumber(ARGV[2 * i])
      redis.call('PEXPIRE', key, ttl)
    end
    if ttl > refusedFor then refusedFor = ttl end
  end
end
if refusedFor >= 0 then return refusedFor end
for i, key in ipairs(KEYS) do
  redis.call('INCR', key)
  if redis.call('PTTL', key) < 0 then redis.call('PEXPIRE', key, ARGV[2 * i]) end
end
return -1`;

const GIVE_BACK = `
for _, key in ipairs(KEYS) do
  if tonumber(redis.call('GET', key) or '0') > 0 then redis.call('DECR', key) end
end`;

/** Takes one back from each counter that is above zero (a request that, after all, does not count). */
export async function uncount(keys: string[]): Promise<void> {
  await redis().eval(GIVE_BACK, keys.length, ...keys);
}

/** A request counted under its rules; `giveBack` uncounts it (a login that did not fail). */
export interface Allowance {
  giveBack: () => Promise<void>;
}

/**
 * Counts one request against each subject's window, atomically in Redis (shared by every web process): 429 with
 * Retry-After when any of them is full, and then nothing is counted.
 */
export async function takeAllowance(subjects: ThrottleSubject[]): Promise<Allowance> {
  const keys = subjects.map(keyOf);
  const limits = subjects.flatMap(({ rule }) => [rule.limit, rule.windowMs]);
  const refusedForMs = (await redis().eval(TAKE, keys.length, ...keys, ...limits)) as number;
  if (refusedForMs >= 0) throw throttledError(refusedForMs);
  return {
    giveBack: () => uncount(keys),
  };
}
