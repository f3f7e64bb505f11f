import type { Message } from 'firebase-admin/messaging';
import type { AlertPush } from './push-types';
import { PUSH_TTL_SECONDS, pushBody, pushData, type PushPresentation } from './push-presentation';

/**
 * The FCM message of an alert for one phone. The alert id is the collapse id on both platforms, so a resent push
 * replaces the first one on the phone instead of showing twice.
 */
export function fcmMessage(token: string, alert: AlertPush, look: PushPresentation): Message {
  return {
    token,
    notification: { title: alert.title, body: pushBody(alert.message) },
    data: pushData(alert),
    android: {
      priority: 'high',
      collapseKey: alert.alertId,
      ttl: PUSH_TTL_SECONDS * 1000,
      notification: {
        tag: alert.alertId,
        sound: look.sound,
        priority: look.critical ? 'max' : 'high',
        visibility: 'public',
      },
    },
    apns: {
      headers: { 'apns-priority': '10', 'apns-push-type': 'alert', 'apns-collapse-id': alert.alertId },
      payload: {
        aps: {
          sound: look.critical ? { critical: true, name: look.sound, volume: 1 } : look.sound,
          'interruption-level': look.interruptionLevel,
        },
      },
    },
  };
}
