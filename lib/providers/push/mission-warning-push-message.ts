import type { Message } from 'firebase-admin/messaging';
import type { RequestOptions } from 'web-push';
import { now } from '@/lib/clock';
import { vapidDetails } from './push-config';
import type { MissionWarningPush } from './push-types';
import type { MissionWarningPushData, MissionWarningWebPushPayload } from './web-push-payload';

/** Even a warning sent at the last moment gets this long at the push service. */
const MIN_TTL_SECONDS = 60;

const TITLE = 'Your mission ends soon';
const BODY = 'Extend or finish your mission, or the alarm goes out at its end time.';

/** Past the end time the warning is pointless (the alarm is out), so the push services keep it until then. */
function ttlSeconds(warning: MissionWarningPush): number {
  return Math.max(MIN_TTL_SECONDS, Math.ceil((Date.parse(warning.endTime) - now().getTime()) / 1000));
}

const tagOf = (warning: MissionWarningPush) => `mission-${warning.missionId}` as const;

/** What the app reads from a mission warning (FCM data values are strings). */
export function missionWarningPushData(warning: MissionWarningPush): MissionWarningPushData & Record<string, string> {
  return { type: 'missionWarning', missionId: warning.missionId, endTime: warning.endTime };
}

/** The FCM message of a mission warning: a notification at high priority, like an alert, kept until the end time. */
export function fcmMissionWarningMessage(token: string, warning: MissionWarningPush): Message {
  const ttl = ttlSeconds(warning);
  const tag = tagOf(warning);
  return {
    token,
    notification: { title: TITLE, body: BODY },
    data: missionWarningPushData(warning),
    android: {
      priority: 'high',
      collapseKey: tag,
      ttl: ttl * 1000,
      notification: { tag, sound: 'default', priority: 'high', visibility: 'public' },
    },
    apns: {
      headers: {
        'apns-priority': '10',
        'apns-push-type': 'alert',
        'apns-collapse-id': tag,
        'apns-expiration': String(Math.floor(now().getTime() / 1000) + ttl),
      },
      payload: { aps: { sound: 'default' } },
    },
  };
}

/**
 * The Web Push message of a mission warning: high urgency (Android delays normal urgency in Doze), and the mission as
 * topic (its uuid without dashes: at most 32 URL-safe characters) so a newer warning waiting at the push service
 * replaces an older one.
 */
export function webPushMissionWarningMessage(warning: MissionWarningPush): {
  payload: string;
  options: RequestOptions;
} {
  const payload: MissionWarningWebPushPayload = {
    title: TITLE,
    body: BODY,
    tag: tagOf(warning),
    data: missionWarningPushData(warning),
  };
  return {
    payload: JSON.stringify(payload),
    options: {
      vapidDetails: vapidDetails(),
      TTL: ttlSeconds(warning),
      urgency: 'high',
      topic: warning.missionId.replaceAll('-', ''),
      timeout: 10_000,
    },
  };
}
