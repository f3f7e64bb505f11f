import type { Message } from 'firebase-admin/messaging';
import type { RequestOptions } from 'web-push';
import { vapidDetails } from './push-config';
import type { PositioningPush } from './push-types';
import type { PositioningPushData, PositioningWebPushPayload } from './web-push-payload';

/** A position is worth asking for only while an answer can still count. */
const POSITIONING_TTL_SECONDS = 5 * 60;

/** What the app reads from a positioning request (FCM data values are strings). */
export function positioningPushData(request: PositioningPush): PositioningPushData & Record<string, string> {
  return {
    type: 'positioningRequest',
    positioningId: request.positioningId,
    reason: request.reason,
    askedBy: request.askedBy,
    answerBy: request.answerBy,
  };
}

/**
 * The FCM data message asking a phone for its position: high priority on Android so the app wakes at once; on iOS a
 * background push (content-available), which APNs requires to be sent at priority 5.
 */
export function fcmPositioningMessage(token: string, request: PositioningPush): Message {
  return {
    token,
    data: positioningPushData(request),
    android: { priority: 'high', ttl: POSITIONING_TTL_SECONDS * 1000 },
    apns: {
      headers: { 'apns-priority': '5', 'apns-push-type': 'background' },
      payload: { aps: { contentAvailable: true } },
    },
  };
}

/** The Web Push message asking a browser (its service worker) for its position. */
export function webPushPositioningMessage(request: PositioningPush): { payload: string; options: RequestOptions } {
  return {
    payload: JSON.stringify({ data: positioningPushData(request) } satisfies PositioningWebPushPayload),
    options: {
      vapidDetails: vapidDetails(),
      TTL: POSITIONING_TTL_SECONDS,
      urgency: 'high',
      topic: request.positioningId.replaceAll('-', ''),
      timeout: 10_000,
    },
  };
}
