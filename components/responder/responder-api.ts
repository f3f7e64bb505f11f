import type { AlertPage } from '@/components/alerts/alert-api';
import type { Me } from '@/components/session/me';
import type { Position } from '@/components/ui/use-my-position';
import type { confirmTestPush } from '@/lib/devices/confirm-test-push';
import type { registerDevice } from '@/lib/devices/register-device';
import type { sendTestPush } from '@/lib/devices/send-test-push';
import type { updateDevice } from '@/lib/devices/update-device';
import type { getWebPushKey } from '@/lib/devices/get-web-push-key';
import type { AnswerOf } from '@/lib/http/answer-of';
import { api } from '@/lib/http/client';
import type { extendMission } from '@/lib/missions/extend-mission';
import type { finishMission } from '@/lib/missions/finish-mission';
import type { getMyActiveMission } from '@/lib/missions/get-my-active-mission';
import type { startMission } from '@/lib/missions/start-mission';
import type { answerPositioning } from '@/lib/positionings/answer-positioning';
import type { getDevicePositioning } from '@/lib/positionings/get-device-positioning';
import type { listDevicePositionings } from '@/lib/positionings/list-device-positionings';
import type { answerAlert } from '@/lib/receipts/answer-alert';
import type { confirmAlert } from '@/lib/receipts/confirm-alert';
import type { listDeviceScenarios } from '@/lib/scenarios/list-device-scenarios';
import type { startDeviceScenario } from '@/lib/scenarios/start-device-scenario';
import type { sendSos } from '@/lib/sos/send-sos';

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

export type Confirmed = AnswerOf<typeof confirmAlert>;
export type Answered = AnswerOf<typeof answerAlert>;
export type TestPushAnswer = AnswerOf<typeof sendTestPush>;
export type TestPushReceived = AnswerOf<typeof confirmTestPush>;

/** GET /api/missions/mine/active. */
type MyMissionAnswer = AnswerOf<typeof getMyActiveMission>;
export type MyMission = MyMissionAnswer['mission'];
export type ActiveMission = AnswerOf<typeof startMission>;
/** GET /api/devices/{id}/scenarios. */
type DeviceScenarios = AnswerOf<typeof listDeviceScenarios>;
export type DeviceScenario = DeviceScenarios['items'][number];

/** GET /api/devices/{id}/positionings[/{positioningId}]: a request for this device's position. */
export type PositioningRequest = AnswerOf<typeof getDevicePositioning>;
export type AnsweredPositioning = AnswerOf<typeof answerPositioning>;

export type PositioningAnswer =
  { lat: number; lng: number; accuracy?: number | null; positionedAt: string } | { declined: true };

const alertPath = (alertId: string) => `/api/alerts/${encodeURIComponent(alertId)}`;
const devicePath = (deviceId: string) => `/api/devices/${encodeURIComponent(deviceId)}`;
const missionPath = (missionId: string) => `/api/missions/${encodeURIComponent(missionId)}`;

export const responderApi = {
  me: (signal?: AbortSignal) => api.get<Me>('/api/me', { signal }),
  webPushKey: () => api.get<AnswerOf<typeof getWebPushKey>>('/api/devices/webPush'),
  registerDevice: (body: DeviceBody) => api.post<AnswerOf<typeof registerDevice>>('/api/devices', body),
  updateDevice: (deviceId: string, body: DeviceBody) =>
    api.put<AnswerOf<typeof updateDevice>>(devicePath(deviceId), body),
  /** The alerts the person received or sent, newest first. */
  myAlerts: (signal?: AbortSignal) => api.get<AlertPage>('/api/alerts/mine?page=1&pageSize=20', { signal }),
  /** Received, then seen: the person opened it (the 2-minute fallback SMS is then not sent). */
  confirm: (alertId: string, step: 'received' | 'seen', deviceId: string | null, position: Position | null = null) =>
    api.post<Confirmed>(`${alertPath(alertId)}/${step}`, { deviceId, position }),
  /** The person's answer to the alert's response options (1-based); it confirms receipt too. */
  answer: (alertId: string, option: number, deviceId: string | null, position: Position | null) =>
    api.post<Answered>(`${alertPath(alertId)}/answer`, { option, deviceId, position }),
  /** To the person's SOS list, else the company's admins. */
  sendSos: (body: { position: Position | null; deviceId: string | null }) =>
    api.post<AnswerOf<typeof sendSos>>('/api/sos', { ...body, message: null }),
  myMission: (signal?: AbortSignal) => api.get<MyMissionAnswer>('/api/missions/mine/active', { signal }),
  startMission: (body: { endTime: string; description: string | null; deviceId: string | null }) =>
    api.post<ActiveMission>('/api/missions', body),
  extendMission: (missionId: string, endTime: string) =>
    api.put<AnswerOf<typeof extendMission>>(missionPath(missionId), { endTime }),
  finishMission: (missionId: string) => api.put<AnswerOf<typeof finishMission>>(`${missionPath(missionId)}/finish`),
  positioningRequests: (deviceId: string, signal?: AbortSignal) =>
    api.get<AnswerOf<typeof listDevicePositionings>>(`${devicePath(deviceId)}/positionings`, { signal }),
  positioningRequest: (deviceId: string, positioningId: string, signal?: AbortSignal) =>
    api.get<PositioningRequest>(`${devicePath(deviceId)}/positionings/${encodeURIComponent(positioningId)}`, {
      signal,
    }),
  answerPositioning: (deviceId: string, positioningId: string, answer: PositioningAnswer) =>
    api.post<AnsweredPositioning>(`${devicePath(deviceId)}/positionings/${encodeURIComponent(positioningId)}`, answer),
  /** "Test my alerts": a push to this device through the real drivers. */
  testPush: (deviceId: string) => api.post<TestPushAnswer>(`${devicePath(deviceId)}/test`),
  testPushReceived: (deviceId: string, testId: string) =>
    api.post<TestPushReceived>(`${devicePath(deviceId)}/test/${encodeURIComponent(testId)}/received`),
  scenarios: (deviceId: string, signal?: AbortSignal) =>
    api.get<DeviceScenarios>(`${devicePath(deviceId)}/scenarios`, { signal }),
  startScenario: (deviceId: string, scenarioId: string, position: Position | null) =>
    api.post<AnswerOf<typeof startDeviceScenario>>(
      `${devicePath(deviceId)}/scenarios/${encodeURIComponent(scenarioId)}`,
      { position },
    ),
};
