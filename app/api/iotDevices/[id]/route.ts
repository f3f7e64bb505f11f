import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { deleteIotDevice } from '@/lib/iot/delete-iot-device';
import { getIotDevice } from '@/lib/iot/get-iot-device';
import { iotDeviceBody, iotDeviceIdParams } from '@/lib/iot/iot-device-fields';
import { saveIotDevice } from '@/lib/iot/save-iot-device';

const gates = { role: 'admin', feature: ['scenario', 'flicHub'] } as const;

export const GET = route({ ...gates, params: iotDeviceIdParams }, getIotDevice);
export const PUT = route({ ...gates, params: iotDeviceIdParams, body: iotDeviceBody }, saveIotDevice);
export const DELETE = route({ ...gates, params: iotDeviceIdParams }, deleteIotDevice);
export const { POST, PATCH, OPTIONS } = otherMethods({ GET, PUT, DELETE });
