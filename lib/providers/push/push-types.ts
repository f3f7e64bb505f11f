export interface PushDevice {
  id: string;
  name: string;
  platform: 'ios' | 'android' | 'web';
  /** FCM registration token (ios/android). */
  pushToken: string | null;
  /** Web Push subscription (endpoint and keys) of a browser. */
  pushSubscription: unknown | null;
}

export interface AlertPush {
  alertId: string;
  companyId: string;
  userId: string;
  type: 'alert' | 'urgentAlert' | 'alarm' | 'sos' | 'missionAlarm';
  title: string;
  message: string;
  /** receiptKey of the person's push receipt; the device gets it in data so its confirmation names the alert. */
  receiptKey: string;
}

/** A data push asking a device for its position (issue 17): the app shows who asked and why, and answers. */
export interface PositioningPush {
  positioningId: string;
  companyId: string;
  userId: string;
  reason: string;
  /** The name of the admin who asked. */
  askedBy: string;
  /** ISO time by which the device should answer. */
  answerBy: string;
}

/** A test push the person sent to their own device ("Test my alerts"): the device reports back when it got it. */
export interface TestPush {
  testId: string;
  /** The company the person was in when asking (the outbox row's); null for an account without one. */
  companyId: string | null;
  userId: string;
}

/** Shortly before a mission's end time, to its own person: extend or finish it before the alarm goes out. */
export interface MissionWarningPush {
  missionId: string;
  companyId: string;
  userId: string;
  /** ISO: the end time the warning is about (a moved end time has a warning of its own). */
  endTime: string;
}

/** Someone answered "I need help" to an alert: to each person who can act (the sender, admins or the help team). */
export interface HelpNeededPush {
  alertId: string;
  companyId: string;
  /** Who is told. */
  userId: string;
  /** Who needs help, and when they said so (ISO: a later answer is a notice of its own). */
  personId: string;
  personName: string;
  answeredAt: string;
  alertTitle: string;
}

export interface PushRequest {
  device: PushDevice;
  alert: AlertPush;
  positioning?: undefined;
  test?: undefined;
  missionWarning?: undefined;
  helpNeeded?: undefined;
}

export interface PositioningPushRequest {
  device: PushDevice;
  positioning: PositioningPush;
  alert?: undefined;
  test?: undefined;
  missionWarning?: undefined;
  helpNeeded?: undefined;
}

export interface TestPushRequest {
  device: PushDevice;
  test: TestPush;
  alert?: undefined;
  positioning?: undefined;
  missionWarning?: undefined;
  helpNeeded?: undefined;
}

export interface MissionWarningPushRequest {
  device: PushDevice;
  missionWarning: MissionWarningPush;
  alert?: undefined;
  positioning?: undefined;
  test?: undefined;
  helpNeeded?: undefined;
}

export interface HelpNeededPushRequest {
  device: PushDevice;
  helpNeeded: HelpNeededPush;
  alert?: undefined;
  positioning?: undefined;
  test?: undefined;
  missionWarning?: undefined;
}

/** What the push drivers send: an alert, a positioning request, a test, a mission warning or a need of help, to one device. */
export type AnyPushRequest =
  PushRequest | PositioningPushRequest | TestPushRequest | MissionWarningPushRequest | HelpNeededPushRequest;

/**
 * `providerStatus`: the push service's HTTP status when it gave one (Web Push); `providerCode`: the provider's own error
 * code (FCM's `messaging/...`, the push service's HTTP status), for an answer shown as the provider gave it (an
 * operator's channel test).
 */
export type PushResult =
  | { deliveryKey: string; deviceId: string; outcome: 'sent'; providerId: string; providerStatus?: string }
  | {
      deliveryKey: string;
      deviceId: string;
      outcome: 'failed';
      permanent: boolean;
      reason: string;
      providerCode?: string;
    };

/**
 * One push to one device: the receipt's key (or the positioning, the test, the mission and end time) and the device,
 * so a resent push keeps its outbox row and collapse id.
 */
export function pushDeliveryKey(request: AnyPushRequest): string {
  const about = request.alert
    ? request.alert.receiptKey
    : request.positioning
      ? `positioning-${request.positioning.positioningId}`
      : request.test
        ? `test-${request.test.testId}`
        : request.missionWarning
          ? `mission-warning-${request.missionWarning.missionId}-${Date.parse(request.missionWarning.endTime)}`
          : `help-${request.helpNeeded.alertId}-${request.helpNeeded.personId}-${Date.parse(request.helpNeeded.answeredAt)}`;
  return `${about}:${request.device.id}`;
}

export function pushSent(request: AnyPushRequest, providerId: string, providerStatus?: string): PushResult {
  const sent = { deliveryKey: pushDeliveryKey(request), deviceId: request.device.id, outcome: 'sent' as const };
  return providerStatus === undefined ? { ...sent, providerId } : { ...sent, providerId, providerStatus };
}

export function pushFailed(
  request: AnyPushRequest,
  permanent: boolean,
  reason: string,
  providerCode?: string,
): PushResult {
  const failed = { deliveryKey: pushDeliveryKey(request), deviceId: request.device.id, outcome: 'failed' as const };
  return providerCode === undefined ? { ...failed, permanent, reason } : { ...failed, permanent, reason, providerCode };
}
