import type { Message } from 'firebase-admin/messaging';
import type { RequestOptions } from 'web-push';
import { now } from '@/lib/clock';
import { vapidDetails } from './push-config';
import type { TestPush } from './push-types';
import type { TestPushData, TestWebPushPayload } from './web-push-payload';

/** A test is answered while the person waits: one that arrives a minute later proves nothing and only confuses. */
export const TEST_PUSH_TTL_SECONDS = 60;

const TITLE = 'Tocsin test';
const BODY = 'This is a test. If you see it, alerts reach this device.';
const TAG = 'tocsin-test';

/** What the app reads from a test push (FCM data values are strings). */
export function testPushData(test: TestPush): TestPushData & Record<string, string> {
  return { type: 'test', testId: test.testId };
}

/**
 * The FCM message of a test: shown like an alert (a notification at high priority), so it tests the path an alert
 * takes, and kept by FCM and APNs only for the TTL.
 */
export function fcmTestMessage(token: string, test: TestPush): Message {
  return {
    token,
    notification: { title: TITLE, body: BODY },
    data: testPushData(test),
    android: {
      priority: 'high',
      collapseKey: TAG,
      ttl: TEST_PUSH_TTL_SECONDS * 1000,
      notification: { tag: TAG, sound: 'default', priority: 'high', visibility: 'public' },
    },
    apns: {
      headers: {
        'apns-priority': '10',
        'apns-push-type': 'alert',
        'apns-collapse-id': TAG,
        'apns-expiration': String(Math.floor(now().getTime() / 1000) + TEST_PUSH_TTL_SECONDS),
      },
      payload: { aps: { sound: 'default' } },
    },
  };
}

/** The Web Push message of a test: high urgency like an alert; a newer test waiting at the push service replaces it. */
export function webPushTestMessage(test: TestPush): { payload: string; options: RequestOptions } {
  const payload: TestWebPushPayload = { title: TITLE, body: BODY, tag: TAG, data: testPushData(test) };
  return {
    payload: JSON.stringify(payload),
    options: {
      vapidDetails: vapidDetails(),
      TTL: TEST_PUSH_TTL_SECONDS,
      urgency: 'high',
      topic: TAG,
      timeout: 10_000,
    },
  };
}
