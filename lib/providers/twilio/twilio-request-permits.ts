import { randomUUID } from 'node:crypto';
import { env } from '@/lib/env';
import { redis } from '@/lib/redis';

/**
 * A permit's lease, renewed every third of it while its request runs: a process that dies mid-request (killed, host lost)
 * frees its permits this soon, so the workers that take over its jobs find the account's limit free again.
 */
const PERMIT_LEASE_MS = 6_000;
/** While every permit of the account is taken, this process asks again this often (a release here asks at once). */
const RETRY_MS = 5;

// One step in Redis, on the clock of Redis (every process sees the same): frees the permits given back and those whose
// lease ran out, then grants as many of the asked ids as the account's limit leaves free. Answers the granted ids.
// KEYS[1] the permits (a sorted set, score = lease end). ARGV: limit, lease ms, how many given back, their ids, asked ids.
const SWAP_PERMITS = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local limit, lease, back = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
for i = 4, 3 + back do redis.call('ZREM', KEYS[1], ARGV[i]) end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
local free = limit - redis.call('ZCARD', KEYS[1])
local granted = {}
for i = 4 + back, #ARGV do
  if #granted >= free then break end
  redis.call('ZADD', KEYS[1], now + lease, ARGV[i])
  granted[#granted + 1] = ARGV[i]
end
redis.call('PEXPIRE', KEYS[1], lease)
return granted`;

// Renews the leases of the permits named in ARGV[2..] (those still held: XX never adds one); ARGV[1] the lease ms.
const RENEW_PERMITS = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
for i = 2, #ARGV do redis.call('ZADD', KEYS[1], 'XX', now + tonumber(ARGV[1]), ARGV[i]) end
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return 0`;

interface Waiter {
  id: string;
  resolve: (id: string) => void;
  reject: (error: unknown) => void;
}

/**
 * The account's Twilio concurrency limit (TWILIO_MAX_CONCURRENT_REQUESTS), shared by every process through Redis: a
 * request runs while it holds a permit. Each process queues its own waiters and asks Redis for permits for all of them
 * in one script, together with the permits it gives back, so a request costs about one Redis round trip.
 */
class SharedPermits {
  private readonly waiting: Waiter[] = [];
  private released: string[] = [];
  private busy = false;
  private retry: NodeJS.Timeout | undefined;
  private readonly owner = randomUUID();
  private counter = 0;
  private readonly held = new Set<string>();

  constructor(private readonly key: () => string) {
    setInterval(() => void this.renew(), PERMIT_LEASE_MS / 3).unref();
  }

  acquire(): Promise<string> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ id: `${this.owner}:${(this.counter += 1)}`, resolve, reject });
      void this.pump();
    });
  }

  release(id: string): void {
    this.held.delete(id);
    this.released.push(id);
    void this.pump();
  }

  private async renew(): Promise<void> {
    if (this.held.size === 0) return;
    // A failed renewal is left to the next one; a lease that runs out meanwhile only lets one more request through.
    await redis()
      .eval(RENEW_PERMITS, 1, this.key(), PERMIT_LEASE_MS, ...this.held)
      .catch(() => undefined);
  }

  private async pump(): Promise<void> {
    if (this.busy || (this.waiting.length === 0 && this.released.length === 0)) return;
    this.busy = true;
    const limit = env.TWILIO_MAX_CONCURRENT_REQUESTS;
    const back = this.released;
    this.released = [];
    const asked = this.waiting.slice(0, limit);
    try {
      const granted = new Set(
        (await redis().eval(
          SWAP_PERMITS,
          1,
          this.key(),
          limit,
          PERMIT_LEASE_MS,
          back.length,
          ...back,
          ...asked.map((waiter) => waiter.id),
        )) as string[],
      );
      for (const waiter of asked.filter((waiter) => granted.has(waiter.id))) {
        this.waiting.splice(this.waiting.indexOf(waiter), 1);
        this.held.add(waiter.id);
        waiter.resolve(waiter.id);
      }
    } catch (error) {
      // Redis cannot be reached: the requests waiting fail (a passing failure, sent again later).
      for (const waiter of this.waiting.splice(0)) waiter.reject(error);
    } finally {
      this.busy = false;
    }
    if (this.released.length > 0) void this.pump();
    else if (this.waiting.length > 0)
      this.retry ??= setTimeout(() => ((this.retry = undefined), void this.pump()), RETRY_MS);
  }
}

const permits = new SharedPermits(() => `${env.QUEUE_PREFIX}:twilio:${env.TWILIO_ACCOUNT_SID}:requests`);

/** Runs `request` while holding one of the account's Twilio request permits. */
export async function withTwilioPermit<T>(request: () => Promise<T>): Promise<T> {
  const permit = await permits.acquire();
  try {
    return await request();
  } finally {
    permits.release(permit);
  }
}
