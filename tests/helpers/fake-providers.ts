import { startFakeFcm, type FakeFcm } from './fake-fcm';
import { startFakeTwilio, type FakeTwilio } from './fake-twilio';

export interface FakeProviders {
  twilio: FakeTwilio;
  fcm: FakeFcm;
  /** The worker's settings that send SMS and calls to the fake Twilio and app push to the fake FCM. */
  env: Record<string, string>;
  stop: () => Promise<void>;
}

/**
 * An account whose calls per second Twilio raised: thousands of calls in a test take seconds, not Twilio's default
 * hour and a half (1 per second). The worker is told the same (TWILIO_CALLS_PER_SECOND).
 */
const CALLS_PER_SECOND = 1000;

/** The fake Twilio and the fake FCM side by side, for tests and benchmarks of the whole delivery. */
export async function startFakeProviders(from = '+15005550006'): Promise<FakeProviders> {
  const [twilio, fcm] = await Promise.all([startFakeTwilio({ callsPerSecond: CALLS_PER_SECOND }), startFakeFcm()]);
  return {
    twilio,
    fcm,
    env: {
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_FROM_NUMBER: from,
      TWILIO_API_URL: twilio.url,
      TWILIO_CALLS_PER_SECOND: String(CALLS_PER_SECOND),
      FCM_SERVICE_ACCOUNT: fcm.serviceAccountFile,
      FCM_API_URL: fcm.url,
    },
    stop: async () => {
      await Promise.all([twilio.stop(), fcm.stop()]);
    },
  };
}
