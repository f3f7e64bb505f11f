// What a browser's service worker receives by Web Push (DESIGN §7): written by the server (web-push-message.ts,
// positioning-push-message.ts, test-push-message.ts, mission-warning-push-message.ts, help-needed-push-message.ts) and read by the responder's
// service worker (service-worker/sw.ts), defined once here.
// Type-only imports: the service worker bundles this file.
import type { AlertType } from '@/lib/generated/prisma/enums';

/** Names the alert and the person's push receipt, so the confirmation that follows names them too. */
export interface AlertPushData {
  alertId: string;
  type: AlertType;
  receiptKey: string;
  /** The alert's company: a person of several companies confirms in that one (absent in pushes sent before it was). */
  companyId?: string;
}

export interface AlertWebPushPayload {
  title: string;
  /** The alert text, cut to fit the push service's 4 KB (the alert screen shows all of it). */
  body: string;
  /** The alert id: a push sent again replaces the notification instead of adding one. */
  tag: string;
  /** Alarms, SOS and mission alarms stay on screen until the person acts. */
  requireInteraction: boolean;
  data: AlertPushData;
}

/** A positioning request: no notification text of its own, the service worker shows who asks. */
export interface PositioningPushData {
  type: 'positioningRequest';
  positioningId: string;
  reason: string;
  askedBy: string;
  /** ISO time by which an answer counts. */
  answerBy: string;
}

export interface PositioningWebPushPayload {
  data: PositioningPushData;
}

/** A test push ("Test my alerts"): the service worker shows it and reports it received, naming the test. */
export interface TestPushData {
  type: 'test';
  testId: string;
}

export interface TestWebPushPayload {
  /** English: the service worker shows its own words in the person's language. */
  title: string;
  body: string;
  tag: 'tocsin-test';
  data: TestPushData;
}

/** Shortly before a mission's end time, to its own person: the service worker shows it and opens the app on a tap. */
export interface MissionWarningPushData {
  type: 'missionWarning';
  missionId: string;
  /** ISO: the end time the warning is about. */
  endTime: string;
}

export interface MissionWarningWebPushPayload {
  /** English: the service worker shows its own words in the person's language. */
  title: string;
  body: string;
  /** A warning sent again (a later end time's) replaces the one on screen. */
  tag: `mission-${string}`;
  data: MissionWarningPushData;
}

/** Someone answered "I need help": to the people who can act; a tap opens the alert in the console. */
export interface HelpNeededPushData {
  type: 'helpNeeded';
  alertId: string;
  companyId: string;
  personName: string;
  alertTitle: string;
}

export interface HelpNeededWebPushPayload {
  /** English: the service worker shows its own words in the person's language. */
  title: string;
  body: string;
  /** A later notice about the same person and alert replaces the one on screen. */
  tag: `help-${string}`;
  data: HelpNeededPushData;
}

export type WebPushPayload =
  | AlertWebPushPayload
  | PositioningWebPushPayload
  | TestWebPushPayload
  | MissionWarningWebPushPayload
  | HelpNeededWebPushPayload;

const ALERT_TYPES: readonly string[] = ['alert', 'urgentAlert', 'alarm', 'sos', 'missionAlarm'] satisfies AlertType[];

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/** The payload a push carried, or null when it is not one of ours (a service worker must still show something). */
export function readWebPushPayload(text: string | null | undefined): WebPushPayload | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text ?? '');
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object') return null;
  const { data, title, body, tag, requireInteraction } = parsed as Record<string, unknown>;
  if (!data || typeof data !== 'object') return null;
  const fields = data as Record<string, unknown>;
  if (fields.type === 'positioningRequest') {
    const { positioningId, reason, askedBy, answerBy } = fields;
    if (!isText(positioningId) || !isText(answerBy) || typeof reason !== 'string' || typeof askedBy !== 'string')
      return null;
    return { data: { type: 'positioningRequest', positioningId, reason, askedBy, answerBy } };
  }
  if (fields.type === 'test') {
    const { testId } = fields;
    if (!isText(testId)) return null;
    return {
      title: typeof title === 'string' ? title : '',
      body: typeof body === 'string' ? body : '',
      tag: 'tocsin-test',
      data: { type: 'test', testId },
    };
  }
  if (fields.type === 'missionWarning') {
    const { missionId, endTime } = fields;
    if (!isText(missionId) || !isText(endTime)) return null;
    return {
      title: typeof title === 'string' ? title : '',
      body: typeof body === 'string' ? body : '',
      tag: `mission-${missionId}` as const,
      data: { type: 'missionWarning', missionId, endTime },
    };
  }
  if (fields.type === 'helpNeeded') {
    const { alertId, companyId, personName, alertTitle } = fields;
    if (!isText(alertId) || !isText(companyId) || typeof personName !== 'string' || typeof alertTitle !== 'string')
      return null;
    return {
      title: typeof title === 'string' ? title : '',
      body: typeof body === 'string' ? body : '',
      tag: isText(tag) && tag.startsWith('help-') ? (tag as `help-${string}`) : `help-${alertId}`,
      data: { type: 'helpNeeded', alertId, companyId, personName, alertTitle },
    };
  }
  const { alertId, type, receiptKey, companyId } = fields;
  if (!isText(alertId) || !isText(receiptKey) || !isText(type) || !ALERT_TYPES.includes(type)) return null;
  if (typeof title !== 'string' || typeof body !== 'string') return null;
  return {
    title,
    body,
    tag: isText(tag) ? tag : alertId,
    requireInteraction: requireInteraction === true,
    data: { alertId, type: type as AlertType, receiptKey, ...(isText(companyId) ? { companyId } : {}) },
  };
}
