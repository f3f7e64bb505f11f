import { describe, it, expect, jest } from '@jest/globals';

// Twilio's account limits as settings: unset, Twilio's own defaults (100 REST requests at once, 1 call per second).

/** lib/env's values (it reads the environment once: a fresh copy each), or its error, for these variables. */
async function envWith(variables: Record<string, string>) {
  const saved = { ...process.env };
  delete process.env.TWILIO_MAX_CONCURRENT_REQUESTS;
  delete process.env.TWILIO_CALLS_PER_SECOND;
  Object.assign(process.env, variables);
  try {
    let loaded: typeof import('@/lib/env').env | undefined;
    await jest.isolateModulesAsync(async () => {
      loaded = (await import('@/lib/env')).env;
    });
    return loaded as NonNullable<typeof loaded>;
  } finally {
    process.env = saved;
  }
}

describe("Twilio's limits", () => {
  it("default to Twilio's: 100 requests in flight per account, 1 call per second", async () => {
    const env = await envWith({});
    expect(env.TWILIO_MAX_CONCURRENT_REQUESTS).toBe(100);
    expect(env.TWILIO_CALLS_PER_SECOND).toBe(1);
  });

  it('take what the account was given, and refuse nonsense', async () => {
    const env = await envWith({ TWILIO_MAX_CONCURRENT_REQUESTS: '250', TWILIO_CALLS_PER_SECOND: '0.5' });
    expect(env.TWILIO_MAX_CONCURRENT_REQUESTS).toBe(250);
    expect(env.TWILIO_CALLS_PER_SECOND).toBe(0.5);
    await expect(envWith({ TWILIO_MAX_CONCURRENT_REQUESTS: '0' })).rejects.toThrow('TWILIO_MAX_CONCURRENT_REQUESTS');
    await expect(envWith({ TWILIO_CALLS_PER_SECOND: '-1' })).rejects.toThrow('TWILIO_CALLS_PER_SECOND');
  });
});
