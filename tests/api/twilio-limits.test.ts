import { describe, expect, it } from '@jest/globals';
import { runEntry } from '@/scripts/lib/processes';
import { sendCompanyAlert, settledReceipts } from '../helpers/alert-delivery';
import { createCompany, createMember } from '../helpers/fixtures';
import { insertPhoneMembers } from '../helpers/phone-members';
import { testEnv } from '../helpers/test-env';
import { TWILIO_FROM, useTwilioApiContext } from '../helpers/twilio-api-context';

// Twilio's account limits held by every process of the installation together (a limiter in the real Redis): the
// fake Twilio takes `LIMIT` requests at once, like the real one answers 429 / 20429 past that, and places calls at
// `CALLS_PER_SECOND`, queueing calls requested faster.
const LIMIT = 4;
const CALLS_PER_SECOND = 5;
const provider = useTwilioApiContext(
  { TWILIO_MAX_CONCURRENT_REQUESTS: String(LIMIT), TWILIO_CALLS_PER_SECOND: String(CALLS_PER_SECOND) },
  { latencyMs: 40, maxConcurrent: LIMIT, callsPerSecond: CALLS_PER_SECOND },
);
const api = provider.api;

/** Runs tests/helpers/twilio-burst-entry.ts as a worker process of the account would; its printed JSON line. */
function entry(args: string[], queuePrefix: string, limit = LIMIT) {
  const fake = provider.fake;
  const child = runEntry('burst', 'tests/helpers/twilio-burst-entry.ts', args, {
    ...process.env,
    REDIS_URL: testEnv('TEST_REDIS_URL'),
    QUEUE_PREFIX: queuePrefix,
    TWILIO_ACCOUNT_SID: fake.accountSid,
    TWILIO_AUTH_TOKEN: fake.authToken,
    TWILIO_FROM_NUMBER: TWILIO_FROM,
    TWILIO_API_URL: fake.url,
    TWILIO_MAX_CONCURRENT_REQUESTS: String(limit),
    TWILIO_CALLS_PER_SECOND: String(CALLS_PER_SECOND),
    LOG_LEVEL: 'error',
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise<any>((resolve, reject) =>
    child.once('exit', (code) =>
      code === 0 ? resolve(JSON.parse(output.trim().split('\n').pop() as string)) : reject(new Error(output)),
    ),
  );
}

/** Two processes each sending `count` SMS at once, to numbers starting with `numbers` and `numbers + 1`. */
function burst(count: number, limit: number, queuePrefix: string, numbers: number) {
  return Promise.all([0, 1].map((index) => entry(['sms', String(count), String(numbers + index)], queuePrefix, limit)));
}

/** The fake's messages per number: each number must have exactly one. */
function messagesPerNumber() {
  const counts = new Map<string, number>();
  for (const message of provider.fake.messages) counts.set(message.to, (counts.get(message.to) ?? 0) + 1);
  return counts;
}

describe("Twilio's account limits across processes", () => {
  it('two processes together never have more requests in flight than the account allows', async () => {
    const [before, peakBefore] = [provider.fake.messages.length, provider.fake.peakInFlight];
    expect(peakBefore).toBeLessThanOrEqual(LIMIT);
    const results = await burst(30, LIMIT, `limits-${Date.now()}`, 80);

    expect(results).toEqual([
      { sent: 30, failed: [] },
      { sent: 30, failed: [] },
    ]);
    expect(provider.fake.messages.length - before).toBe(60);
    expect(provider.fake.tooManyRequests).toBe(0);
    expect(provider.fake.peakInFlight).toBe(LIMIT);
  }, 60_000);

  it('a request Twilio answers 429 (20429) is backed off and sent again, and goes out once', async () => {
    const before = provider.fake.messages.length;
    const refusedBefore = provider.fake.tooManyRequests;
    // Configured above the account's real limit: Twilio refuses the surplus, the client sends it again later.
    const results = await burst(30, LIMIT * 3, `over-${Date.now()}`, 90);

    expect(results.map((result) => result.failed)).toEqual([[], []]);
    expect(provider.fake.tooManyRequests).toBeGreaterThan(refusedBefore);
    expect(provider.fake.messages.length - before).toBe(60);
    expect([...messagesPerNumber().values()].every((count) => count === 1)).toBe(true);
  }, 60_000);

  it("places alert calls at the account's calls per second, so Twilio never has to queue them", async () => {
    const company = await createCompany(api.db, { plan: 'enterprise' });
    const admin = await createMember(api.db, company.id, 'admin', 'Ada Admin');
    await insertPhoneMembers(api.db, company.id, 11);
    const callsBefore = provider.fake.calls.length;

    const alertId = await sendCompanyAlert(api, admin, company.id, {
      title: 'Gas leak',
      message: 'Leave the building',
      channels: ['voice'],
    });
    const receipts = await settledReceipts(api.db, alertId);

    expect(receipts.map((receipt) => receipt.state)).toEqual(Array(12).fill('sent'));
    const calls = provider.fake.calls.slice(callsBefore);
    expect(calls).toHaveLength(12);
    const requested = calls.map((call) => call.dateCreated.getTime());
    const interval = 1000 / CALLS_PER_SECOND;
    // Requested at the pace: twelve calls span eleven intervals, less what the first requests lost to opening the client's
    // connections (a few hundred ms on a busy machine). Unpaced, they would arrive within ~100 ms.
    expect(Math.max(...requested) - Math.min(...requested)).toBeGreaterThanOrEqual(8 * interval);
    // No burst for Twilio to queue: unpaced, the last call would wait 11 intervals (2.2 s) in Twilio's queue. Paced, a call
    // waits only as long as the one before it reached Twilio late (a busy event loop, the loopback): well under half that
    // even on a loaded machine (CI once saw 214 ms, more than the one interval this bound was at first).
    expect(Math.max(...calls.map((call) => call.queueTimeMs))).toBeLessThan(((calls.length - 1) * interval) / 2);
  }, 60_000);

  it('takes only the calls that can be placed within the lease, after those already reserved', async () => {
    // 10 calls reserved (2 s of backlog at 5 per second), then: how many more fit within 3 s? Slots at 2.0 … 3.0 s.
    const roomy = await entry(['calls', '10', '3000'], `roomy-${Date.now()}`);
    expect(roomy.placeable).toBeGreaterThanOrEqual(5);
    expect(roomy.placeable).toBeLessThanOrEqual(6);
    expect(roomy.waitedMs).toBeLessThan(200);
    // Within 1 s: none fits until the backlog is down to 1 s; it waits for that, holding nothing, then takes one or two.
    const tight = await entry(['calls', '10', '1000'], `tight-${Date.now()}`);
    expect(tight.placeable).toBeGreaterThanOrEqual(1);
    expect(tight.placeable).toBeLessThanOrEqual(2);
    expect(tight.waitedMs).toBeGreaterThanOrEqual(900);
  }, 60_000);
});
