import { apiQuery } from '@/components/ui/api-query';
import type { AnswerOf } from '@/lib/http/answer-of';
import { api } from '@/lib/http/client';
import type { deleteIotDevice } from '@/lib/iot/delete-iot-device';
import type { getIotDevice } from '@/lib/iot/get-iot-device';
import type { newPairingCode } from '@/lib/iot/new-pairing-code';
import type { IotDeviceBody } from '@/lib/iot/iot-device-fields';
import type { listIotDevices } from '@/lib/iot/list-iot-devices';
import type { saveIotDevice } from '@/lib/iot/save-iot-device';
import type { listScenarios } from '@/lib/scenarios/list-scenarios';

// The Flic button calls of the console, typed from the server functions (type imports only: no server code here).

export type IotDevice = AnswerOf<typeof getIotDevice>;
export type IotDeviceList = AnswerOf<typeof listIotDevices>;
export type PairingCode = AnswerOf<typeof newPairingCode>;
export type IotPress = IotDevice['presses'][number];
type ScenarioChoices = AnswerOf<typeof listScenarios>;
export type ScenarioChoice = ScenarioChoices['items'][number];
export type IotDeviceChange = Omit<IotDeviceBody, 'code'>;

const devicePath = (id: string) => `/api/iotDevices/${encodeURIComponent(id)}`;

export const iotDevicesQuery = apiQuery<IotDeviceList>('/api/iotDevices');
export const scenarioChoicesQuery = apiQuery<ScenarioChoices>('/api/scenarios/customer');

export const iotApi = {
  pairingCode: () => api.get<PairingCode>('/api/iotDevices/code'),
  /** Creates the button (a new id with a pairing code) or changes it; with a code, the code is replaced. */
  save: (id: string, change: IotDeviceChange & { code?: string }) =>
    api.put<AnswerOf<typeof saveIotDevice>>(devicePath(id), change),
  remove: (id: string) => api.delete<AnswerOf<typeof deleteIotDevice>>(devicePath(id)),
};
