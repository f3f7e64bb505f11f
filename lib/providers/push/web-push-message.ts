import type { RequestOptions } from 'web-push';
import type { AlertPush } from './push-types';
import { pushBody, type PushPresentation } from './push-presentation';
import { vapidDetails } from './push-config';
import type { AlertWebPushPayload } from './web-push-payload';

/**
 * How long a push service keeps an alert for a browser that is offline (web-push's default is four weeks). An alarm
 * that shows up an hour late misleads more than it helps: by then the fallback SMS went out and the responder shows
 * the alert list when opened. An ordinary alert keeps an hour.
 */
export const WEB_PUSH_TTL_SECONDS = { critical: 10 * 60, other: 60 * 60 } as const;

/**
 * What the browser's service worker receives (it shows the notification with `tag`, so a resent push replaces the first),
 * and the push service's options: high urgency (Android delays normal urgency in Doze), a short TTL, and the alert id as
 * topic so a resend waiting at the push service replaces the earlier one (a topic is at most 32 URL-safe characters:
 * the uuid without its dashes).
 */
export function webPushMessage(alert: AlertPush, look: PushPresentation): { payload: string; options: RequestOptions } {
  const payload: AlertWebPushPayload = {
    title: alert.title,
    body: pushBody(alert.message),
    tag: alert.alertId,
    requireInteraction: look.critical,
    data: { alertId: alert.alertId, type: alert.type, receiptKey: alert.receiptKey, companyId: alert.companyId },
  };
  return {
    payload: JSON.stringify(payload),
    options: {
      vapidDetails: vapidDetails(),
      TTL: look.critical ? WEB_PUSH_TTL_SECONDS.critical : WEB_PUSH_TTL_SECONDS.other,
      urgency: 'high',
      topic: alert.alertId.replaceAll('-', ''),
      timeout: 10_000,
    },
  };
}
