import type { RequestOptions } from 'web-push';
import type { AlertPush } from './push-types';
import { PUSH_TTL_SECONDS, pushBody, pushData, type PushPresentation } from './push-presentation';
import { vapidDetails } from './push-config';

/**
 * What the browser's service worker receives (it shows the notification with `tag`, so a resent push replaces the first),
 * and the push service's options: high urgency, and the alert id as topic so a resend waiting at the push service
 * replaces the earlier one (a topic is at most 32 URL-safe characters: the uuid without its dashes).
 */
export function webPushMessage(alert: AlertPush, look: PushPresentation): { payload: string; options: RequestOptions } {
  const payload = JSON.stringify({
    title: alert.title,
    body: pushBody(alert.message),
    tag: alert.alertId,
    requireInteraction: look.critical,
    data: pushData(alert),
  });
  return {
    payload,
    options: {
      vapidDetails: vapidDetails(),
      TTL: PUSH_TTL_SECONDS,
      urgency: 'high',
      topic: alert.alertId.replaceAll('-', ''),
      timeout: 10_000,
    },
  };
}
