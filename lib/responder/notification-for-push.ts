import type { AlertWebPushPayload, WebPushPayload } from '@/lib/providers/push/web-push-payload';
import type { NotificationLabels } from './notification-labels';

/** The page a notification opens: an alert asking to be confirmed, or the positioning request. */
export function responderAlertPath(alertId: string, confirm = false, companyId?: string): string {
  const query = new URLSearchParams();
  if (confirm) query.set('confirm', '1');
  if (companyId) query.set('company', companyId);
  const search = query.toString();
  return `/r/alerts/${encodeURIComponent(alertId)}${search ? `?${search}` : ''}`;
}

export function responderPositioningPath(positioningId: string): string {
  return `/r/positionings/${encodeURIComponent(positioningId)}`;
}

export interface ResponderNotification {
  title: string;
  options: NotificationOptions & {
    actions?: { action: string; title: string }[];
    renotify?: boolean;
    vibrate?: number[];
    data: { url: string };
  };
}

const ICON = '/icons/responder-192.png';
const BADGE = '/icons/responder-badge-96.png';
/** Alarms buzz long where a browser vibrates (Android); other alerts once. */
const ALARM_VIBRATION = [400, 150, 400, 150, 400, 150, 800];

/**
 * What the service worker shows for a push (every push shows one: Safari ends a subscription whose pushes show
 * nothing). Tapping it, or its Confirm button where the browser has notification actions, opens the alert and confirms.
 */
export function notificationForPush(
  payload: WebPushPayload | null,
  labels: NotificationLabels,
  supportsActions: boolean,
): ResponderNotification {
  if (!payload) {
    return { title: 'Tocsin', options: { body: labels.unknown, icon: ICON, badge: BADGE, data: { url: '/r' } } };
  }
  if (payload.data.type === 'positioningRequest') {
    const { positioningId, askedBy, reason } = payload.data;
    return {
      title: labels.positioningTitle,
      options: {
        body: labels.positioningBody.replace('{name}', askedBy).replace('{reason}', reason),
        tag: `positioning-${positioningId}`,
        requireInteraction: true,
        icon: ICON,
        badge: BADGE,
        data: { url: responderPositioningPath(positioningId) },
      },
    };
  }
  if (payload.data.type === 'missionWarning') {
    const time = new Intl.DateTimeFormat(labels.locale, { timeStyle: 'short' }).format(new Date(payload.data.endTime));
    return {
      title: labels.missionWarningTitle,
      options: {
        body: labels.missionWarningBody.replace('{time}', time),
        tag: `mission-${payload.data.missionId}`,
        renotify: true,
        requireInteraction: true,
        vibrate: [300, 150, 300],
        icon: ICON,
        badge: BADGE,
        data: { url: '/r' },
      },
    };
  }
  if (payload.data.type === 'helpNeeded') {
    const { alertId, personName, alertTitle } = payload.data;
    return {
      title: labels.helpNeededTitle.replace('{name}', personName),
      options: {
        body: labels.helpNeededBody.replace('{title}', alertTitle),
        tag: (payload as { tag: string }).tag,
        renotify: true,
        requireInteraction: true,
        vibrate: ALARM_VIBRATION,
        icon: ICON,
        badge: BADGE,
        data: { url: `/alerts/${encodeURIComponent(alertId)}` },
      },
    };
  }
  if (payload.data.type === 'test') {
    return {
      title: labels.testTitle,
      options: { body: labels.testBody, tag: 'tocsin-test', icon: ICON, badge: BADGE, data: { url: '/r' } },
    };
  }
  const alert = payload as AlertWebPushPayload;
  const { alertId, type, companyId } = alert.data;
  return {
    title: `${labels.severity[type] ?? labels.severity.alert}: ${alert.title}`,
    options: {
      body: alert.body,
      tag: alert.tag,
      renotify: true,
      requireInteraction: alert.requireInteraction,
      vibrate: alert.requireInteraction ? ALARM_VIBRATION : [200],
      icon: ICON,
      badge: BADGE,
      data: { url: responderAlertPath(alertId, true, companyId) },
      ...(supportsActions ? { actions: [{ action: 'confirm', title: labels.confirm }] } : {}),
    },
  };
}
