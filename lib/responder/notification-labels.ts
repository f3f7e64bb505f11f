// The words the responder's service worker shows in notifications, in the person's language. A service worker has no
// translations of its own: the responder's page puts them in a cache the worker reads (Cache Storage is shared by both).
import type { AlertType } from '@/lib/generated/prisma/enums';

export const RESPONDER_SETTINGS_CACHE = 'tocsin-responder-settings';
/** The key of the labels in that cache (never fetched from the network). */
export const NOTIFICATION_LABELS_URL = '/r/__notification-labels';
/** What the service worker tells the responder's open pages when a test push arrived ("Test my alerts"). */
export const TEST_PUSH_MESSAGE = 'tocsin:test-push';

export interface NotificationLabels {
  severity: Record<AlertType, string>;
  /** The notification's button that confirms the alert (browsers with notification actions). */
  confirm: string;
  positioningTitle: string;
  /** "{name} asks: {reason}" with the two placeholders. */
  positioningBody: string;
  /** The person's language (BCP 47), for the times the worker writes. */
  locale: string;
  missionWarningTitle: string;
  /** With the placeholder {time}: the mission's end time. */
  missionWarningBody: string;
  /** With the placeholder {name}: who answered "I need help" (to the people who can act). */
  helpNeededTitle: string;
  /** With the placeholder {title}: the alert they answered. */
  helpNeededBody: string;
  /** "Test my alerts": the notification that shows the test arrived. */
  testTitle: string;
  testBody: string;
  /** A push the worker cannot read: it must still show something (Safari ends silent subscriptions). */
  unknown: string;
}

export const ENGLISH_NOTIFICATION_LABELS: NotificationLabels = {
  severity: {
    alert: 'Alert',
    urgentAlert: 'Urgent alert',
    alarm: 'Alarm',
    sos: 'SOS',
    missionAlarm: 'Lone worker alarm',
  },
  confirm: 'Confirm',
  positioningTitle: 'Your position is requested',
  positioningBody: '{name} asks: {reason}',
  locale: 'en-US',
  missionWarningTitle: 'Your mission ends soon',
  missionWarningBody: 'Your mission ends at {time}. Extend or finish it, or your company is alerted.',
  helpNeededTitle: '{name} needs help',
  helpNeededBody: 'Their answer to “{title}”. Open to see where they are and mark it handled.',
  testTitle: 'Test alert',
  testBody: 'Your alerts reach this device.',
  unknown: 'New message in Tocsin. Open the app to read it.',
};
