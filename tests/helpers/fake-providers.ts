import { startFakeFcm, type FakeFcm } from './fake-fcm';
import { startFakeTwilio, type FakeTwilio } from './fake-twilio';

export interface FakeProviders {
  twilio: FakeTwilio;
  fcm: FakeFcm;
  /** The worker's settings that send SMS and calls to the fake Twilio and app push to the fake FCM. */
  env: Record<string, string>;
  stop: () => Promise<void>;
}

/** The fake Twilio and the fake FCM side by side, for tests and benchmarks of the whole delivery. */
export async function startFakeProviders(from = '+15005550006'): Promise<FakeProviders> {
  const [twilio, fcm] = await Promise.all([startFakeTwilio(), startFakeFcm()]);
  return {
    twilio,
    fcm,
    env: {
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_FROM_NUMBER: from,
      TWILIO_API_URL: twilio.url,
      FCM_SERVICE_ACCOUNT: fcm.serviceAccountFile,
      FCM_API_URL: fcm.url,
    },
    stop: async () => {
      await Promise.all([twilio.stop(), fcm.stop()]);
    },
  };
}
