import type { Message } from 'firebase-admin/messaging';
import type { RequestOptions } from 'web-push';
import { now } from '@/lib/clock';
import { vapidDetails } from './push-config';

/**
 * A notice for the person that is not an alert (a test, a mission's warning), as the service worker reads it: shown
 * like an alert, at high priority, replacing an older one with the same tag, and kept by the push services only for
 * the TTL given with it.
 */
export interface PushNotice {
  /** English: the apps and the service worker show their own words in the person's language. */
  title: string;
  body: string;
  /** Collapses notices of the same subject on the device and at the push service. */
  tag: string;
  /** FCM data values are strings. */
  data: Record<string, string>;
}

/** The FCM message of a notice (Android and, through FCM, APNs). */
export function fcmNoticeMessage(token: string, notice: PushNotice, ttlSeconds: number): Message {
  return {
    token,
    notification: { title: notice.title, body: notice.body },
    data: notice.data,
    android: {
      priority: 'high',
      collapseKey: notice.tag,
      ttl: ttlSeconds * 1000,
      notification: { tag: notice.tag, sound: 'default', priority: 'high', visibility: 'public' },
    },
    apns: {
      headers: {
        'apns-priority': '10',
        'apns-push-type': 'alert',
        'apns-collapse-id': notice.tag,
        'apns-expiration': String(Math.floor(now().getTime() / 1000) + ttlSeconds),
      },
      payload: { aps: { sound: 'default' } },
    },
  };
}

/**
 * The Web Push message of a notice: high urgency (Android delays normal urgency in Doze), and `topic` (at most 32
 * URL-safe characters) so a newer notice waiting at the push service replaces an older one.
 */
export function webPushNoticeMessage(
  notice: PushNotice,
  ttlSeconds: number,
  topic: string,
): { payload: string; options: RequestOptions } {
  return {
    payload: JSON.stringify(notice),
    options: { vapidDetails: vapidDetails(), TTL: ttlSeconds, urgency: 'high', topic, timeout: 10_000 },
  };
}
