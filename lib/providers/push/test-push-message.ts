import { fcmNoticeMessage, webPushNoticeMessage } from './notice-push-message';
import type { TestPush } from './push-types';
import type { TestPushData, TestWebPushPayload } from './web-push-payload';

/** A test is answered while the person waits: one that arrives a minute later proves nothing and only confuses. */
export const TEST_PUSH_TTL_SECONDS = 60;

const TAG = 'tocsin-test';

/** What the app reads from a test push (FCM data values are strings). */
export function testPushData(test: TestPush): TestPushData & Record<string, string> {
  return { type: 'test', testId: test.testId };
}

/** A test is shown like an alert, so it tests the path an alert takes; a newer test replaces a waiting one. */
function testNotice(test: TestPush): TestWebPushPayload & { data: Record<string, string> } {
  return {
    title: 'Tocsin test',
    body: 'This is a test. If you see it, alerts reach this device.',
    tag: TAG,
    data: testPushData(test),
  };
}

/** The FCM message of a test. */
export const fcmTestMessage = (token: string, test: TestPush) =>
  fcmNoticeMessage(token, testNotice(test), TEST_PUSH_TTL_SECONDS);

/** The Web Push message of a test. */
export const webPushTestMessage = (test: TestPush) =>
  webPushNoticeMessage(testNotice(test), TEST_PUSH_TTL_SECONDS, TAG);
