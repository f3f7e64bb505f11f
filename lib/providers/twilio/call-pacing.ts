import { setTimeout as sleep } from 'node:timers/promises';
import { env } from '@/lib/env';
import { redis } from '@/lib/redis';

// The account's calls per second (TWILIO_CALLS_PER_SECOND), shared by every process through Redis: one key holds the
// time the next call may be placed. Twilio itself would queue calls requested faster and place them at this pace; pacing
// them here instead keeps the calls not yet placed in our hands (pending receipts: queued in the delivery report, not
// placed once the alert is closed) and every request answered at once.

// On the clock of Redis: reserves ARGV[2] consecutive slots ARGV[1] ms apart from the later of now and the next free
// slot (KEYS[1]); answers the ms from now until the first. With ARGV[2] = 0 it only reads the backlog.
const RESERVE_SLOTS = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local interval, count = tonumber(ARGV[1]), tonumber(ARGV[2])
local first = math.max(now, tonumber(redis.call('GET', KEYS[1]) or '0'))
if count > 0 then redis.call('SET', KEYS[1], first + count * interval, 'PX', first - now + count * interval + 60000) end
return first - now`;

const callIntervalMs = () => 1000 / env.TWILIO_CALLS_PER_SECOND;
const pacingKey = () => `${env.QUEUE_PREFIX}:twilio:${env.TWILIO_ACCOUNT_SID}:next-call`;

async function reserve(count: number): Promise<number> {
  return Number(await redis().eval(RESERVE_SLOTS, 1, pacingKey(), callIntervalMs(), count));
}

/** The ms from now until the account's next free call slot, after the calls any process already reserved. */
export function callBacklogMs(): Promise<number> {
  return reserve(0);
}

/** Reserves the account's next call slot: the ms from now until the call may be placed. */
export function reserveCallSlot(): Promise<number> {
  return reserve(1);
}

/**
 * How many calls can be placed within `withinMs` from now, after the calls any process already reserved: at least 1, at
 * most `max`. While the backlog alone reaches past `withinMs` it waits (holding nothing) until one more fits.
 */
export async function callsPlaceableWithin(withinMs: number, max: number): Promise<number> {
  for (;;) {
    const backlog = await reserve(0);
    if (backlog <= withinMs) return Math.min(max, Math.floor((withinMs - backlog) / callIntervalMs()) + 1);
    await sleep(backlog - withinMs);
  }
}
