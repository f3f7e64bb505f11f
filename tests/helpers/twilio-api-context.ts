import { afterAll, beforeAll } from '@jest/globals';
import { startDeliveryWorker } from './alert-delivery';
import { useApiTestContext } from './api-test-context';
import { startFakeTwilio, type FakeTwilio, type FakeTwilioOptions } from './fake-twilio';
import type { TestWorker } from './test-worker';

/** The sender number the product is configured with in these tests. */
export const TWILIO_FROM = '+4790000000';

/**
 * A test file's server and delivery worker configured for Twilio (auth token, sender, API address), with the fake
 * Twilio they talk to: started before the file's tests, stopped after them. `workerEnv` adds to the worker's settings,
 * `fakeOptions` shape the fake (latency, limits), `serverEnv` adds to the server's.
 */
export function useTwilioApiContext(
  workerEnv: Record<string, string> = {},
  fakeOptions: FakeTwilioOptions = {},
  serverEnv: Record<string, string> = {},
) {
  let fake: FakeTwilio;
  let worker: TestWorker;
  const twilioEnv = () => ({
    TWILIO_ACCOUNT_SID: fake.accountSid,
    TWILIO_AUTH_TOKEN: fake.authToken,
    TWILIO_FROM_NUMBER: TWILIO_FROM,
    TWILIO_API_URL: fake.url,
  });
  beforeAll(async () => {
    fake = await startFakeTwilio(fakeOptions);
  });
  const api = useApiTestContext(() => ({ ...twilioEnv(), ...serverEnv }));
  const startWorker = async () => {
    worker = await startDeliveryWorker(api, { ...twilioEnv(), ...workerEnv });
  };
  beforeAll(startWorker, 60_000);
  afterAll(async () => {
    await worker?.stop();
    await fake?.stop();
  });
  return {
    api,
    get fake(): FakeTwilio {
      return fake;
    },
    get worker(): TestWorker {
      return worker;
    },
    /** Starts a new worker with the same settings, after a test stopped the first one. */
    startWorker,
  };
}
