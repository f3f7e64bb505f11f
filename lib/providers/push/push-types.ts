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

export interface PushRequest {
  device: PushDevice;
  alert: AlertPush;
}

export type PushResult =
  | { deliveryKey: string; deviceId: string; outcome: 'sent'; providerId: string }
  | { deliveryKey: string; deviceId: string; outcome: 'failed'; permanent: boolean; reason: string };

/** One push to one device: the receipt's key and the device, so a resent push keeps its outbox row and collapse id. */
export function pushDeliveryKey(request: PushRequest): string {
  return `${request.alert.receiptKey}:${request.device.id}`;
}

export function pushSent(request: PushRequest, providerId: string): PushResult {
  return { deliveryKey: pushDeliveryKey(request), deviceId: request.device.id, outcome: 'sent', providerId };
}

export function pushFailed(request: PushRequest, permanent: boolean, reason: string): PushResult {
  return { deliveryKey: pushDeliveryKey(request), deviceId: request.device.id, outcome: 'failed', permanent, reason };
}
