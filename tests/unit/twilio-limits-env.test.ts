import { describe, it, expect } from '@jest/globals';
import { envWith as loadEnvWith } from '../helpers/env-with';

// Twilio's account limits as settings: unset, Twilio's own defaults (100 REST requests at once, 1 call per second).

const LIMITS = ['TWILIO_MAX_CONCURRENT_REQUESTS', 'TWILIO_CALLS_PER_SECOND'];
const envWith = (variables: Record<string, string>) => loadEnvWith(variables, LIMITS);

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
