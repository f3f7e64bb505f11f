import type { Me } from '@/components/session/me';
import { api } from '@/lib/http/client';
import type { AlertPage } from '@/components/alerts/alert-api';

// The responder's calls: the device API (DESIGN §7), the same one a store app uses.

export interface PushSubscriptionBody {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface DeviceBody {
  name: string;
  platform: 'web';
  pushSubscription: PushSubscriptionBody | null;
}

export interface Confirmed {
  alertId: string;
  receivedAt: string;
  seenAt: string | null;
}

const alertPath = (alertId: string) => `/api/alerts/${encodeURIComponent(alertId)}`;

export const responderApi = {
  me: (signal?: AbortSignal) => api.get<Me>('/api/me', { signal }),
  webPushKey: () => api.get<{ publicKey: string | null }>('/api/devices/webPush'),
  registerDevice: (body: DeviceBody) => api.post<{ deviceId: string }>('/api/devices', body),
  updateDevice: (deviceId: string, body: DeviceBody) =>
    api.put<unknown>(`/api/devices/${encodeURIComponent(deviceId)}`, body),
  /** The alerts the person received or sent, newest first. */
  myAlerts: (signal?: AbortSignal) => api.get<AlertPage>('/api/alerts/mine?page=1&pageSize=20', { signal }),
  /** Received, then seen: the person opened it (the 2-minute fallback SMS is then not sent). */
  confirm: (alertId: string, step: 'received' | 'seen', deviceId: string | null) =>
    api.post<Confirmed>(`${alertPath(alertId)}/${step}`, { deviceId }),
};
