import { ApiCallError } from '@/lib/http/client';
import { responderApi, type DeviceBody } from './responder-api';
import { browserDeviceName, pushSupport, registerServiceWorker, subscribeToPush } from './web-push-setup';

// This browser as the person's device (platform web): its id is kept per account, so a shared browser registers each
// person who signs in on it as a device of their own.

const deviceKey = (userId: string) => `tocsin.responder.device.${userId}`;

export function storedDeviceId(userId: string): string | null {
  try {
    return window.localStorage.getItem(deviceKey(userId));
  } catch {
    return null;
  }
}

function storeDeviceId(userId: string, deviceId: string): void {
  try {
    window.localStorage.setItem(deviceKey(userId), deviceId);
  } catch {
    // storage blocked: the browser registers again next time
  }
}

export type DeviceState =
  | 'checking'
  | 'unsupported'
  | 'needsInstall'
  /** The server sends no Web Push (no VAPID keys): the operator must configure it. */
  | 'notConfigured'
  | 'denied'
  | 'off'
  | 'on';

/** Sends the browser's subscription to the server: updates the stored device, or registers a new one. */
async function saveDevice(userId: string, body: DeviceBody): Promise<string> {
  const known = storedDeviceId(userId);
  if (known) {
    try {
      await responderApi.updateDevice(known, body);
      return known;
    } catch (error) {
      // Removed meanwhile (by the person elsewhere, or the subscription was reset): register again.
      if (!(error instanceof ApiCallError && error.status === 404)) throw error;
    }
  }
  const { deviceId } = await responderApi.registerDevice(body);
  storeDeviceId(userId, deviceId);
  return deviceId;
}

async function subscribeAndSave(userId: string, publicKey: string): Promise<void> {
  const pushSubscription = await subscribeToPush(publicKey);
  await saveDevice(userId, { name: browserDeviceName(), platform: 'web', pushSubscription });
}

/**
 * Where this browser stands, and on a page load with permission already given, its subscription sent again (a push
 * service may have renewed it, or the server removed a dead one).
 */
export async function checkDevice(userId: string): Promise<DeviceState> {
  const support = pushSupport();
  if (support !== 'supported') return support;
  await registerServiceWorker();
  if (Notification.permission === 'denied') return 'denied';
  const { publicKey } = await responderApi.webPushKey();
  if (!publicKey) return 'notConfigured';
  if (Notification.permission !== 'granted' || !storedDeviceId(userId)) return 'off';
  await subscribeAndSave(userId, publicKey);
  return 'on';
}

/** Asks for permission (this must run from a tap: iOS and Firefox refuse otherwise), subscribes and registers. */
export async function enableNotifications(userId: string): Promise<DeviceState> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'off';
  const { publicKey } = await responderApi.webPushKey();
  if (!publicKey) return 'notConfigured';
  await registerServiceWorker();
  await subscribeAndSave(userId, publicKey);
  return 'on';
}
