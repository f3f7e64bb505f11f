import { createHash } from 'node:crypto';
import type { Ctx } from '@/lib/context';
import { env } from '@/lib/env';
import { throttleSubjectOf } from '@/lib/http-parts/client-address';
import { redis } from '@/lib/redis';
import { throttledError } from '@/lib/throttle/take-allowance';

export const IMPORT_CHECK_WINDOW_MS = 24 * 60 * 60_000;
/** Distinct e-mail addresses any company may check a day, however few its seats (a free company has 5). */
export const IMPORT_CHECK_FLOOR = 250;
/** Distinct addresses per seat of the company's capacity a day: a whole import, corrected and checked again. */
export const IMPORT_CHECK_PER_SEAT = 2;

/**
 * A HyperLogLog estimates a count within about 1% (standard error 0.81%), so the estimate of a file of exactly the
 * budget can pass it: a check is refused only past the budget plus this share, which no honest file reaches by chance.
 */
export const IMPORT_CHECK_ESTIMATE_TOLERANCE = 0.03;

/** Distinct e-mail addresses the import check of a company with `maxSeats` seats may look up a day. */
export function importCheckBudget(maxSeats: number): number {
  return Math.max(IMPORT_CHECK_FLOOR, IMPORT_CHECK_PER_SEAT * maxSeats);
}

// Per key pair (the budget's HyperLogLog, its scratch copy): the addresses already checked plus this request's, counted
// in the scratch copy; refused (with the longest time left) when any count passes the budget, else each copy replaces
// its original, keeping the window that started with the first check. ARGV: budget, window (ms), then the addresses.
const TAKE = `
local budget = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local refusedFor = -1
for i = 1, #KEYS, 2 do
  redis.call('DEL', KEYS[i + 1])
  redis.call('PFMERGE', KEYS[i + 1], KEYS[i])
  for first = 3, #ARGV, 500 do
    redis.call('PFADD', KEYS[i + 1], unpack(ARGV, first, math.min(first + 499, #ARGV)))
  end
  if redis.call('PFCOUNT', KEYS[i + 1]) > budget then
    local ttl = redis.call('PTTL', KEYS[i])
    if ttl < 0 then ttl = window end
    if ttl > refusedFor then refusedFor = ttl end
  end
end
if refusedFor >= 0 then
  for i = 2, #KEYS, 2 do redis.call('DEL', KEYS[i]) end
  return refusedFor
end
for i = 1, #KEYS, 2 do
  local ttl = redis.call('PTTL', KEYS[i])
  redis.call('RENAME', KEYS[i + 1], KEYS[i])
  redis.call('PEXPIRE', KEYS[i], ttl > 0 and ttl or window)
end
return -1`;

function keyPair(kind: string, subject: string): [string, string] {
  const id = createHash('sha256').update(subject).digest('hex');
  const key = `${env.QUEUE_PREFIX}:import-check:${kind}:${id}`;
  return [key, `${key}:scratch`];
}

/**
 * The import check answers whether an address has an account, so it is limited to a budget of distinct addresses a day
 * per company (sized from the company's seats, with a floor): checking the same file again costs nothing, a whole
 * enterprise import fits, and a free company cannot probe thousands of addresses. A free company (anyone can sign one
 * up) also spends the budget of its client address, so one client cannot multiply it with many free companies; paying
 * companies are set up by the operator, and an office that imports a big company must still be able to import a small
 * one the same day. 429 past it.
 */
export async function takeImportCheckBudget(ctx: Ctx, emails: string[], maxSeats: number): Promise<void> {
  const distinct = [...new Set(emails.map((email) => email.trim().toLowerCase()).filter(Boolean))];
  if (distinct.length === 0) return;
  const keys = [
    ...keyPair('company', ctx.company.id),
    ...(ctx.company.plan === 'free' ? keyPair('client', throttleSubjectOf(ctx.clientAddress)) : []),
  ];
  const allowed = Math.ceil(importCheckBudget(maxSeats) * (1 + IMPORT_CHECK_ESTIMATE_TOLERANCE));
  const refusedForMs = (await redis().eval(
    TAKE,
    keys.length,
    ...keys,
    allowed,
    IMPORT_CHECK_WINDOW_MS,
    ...distinct,
  )) as number;
  if (refusedForMs >= 0) throw throttledError(refusedForMs);
}
