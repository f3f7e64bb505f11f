import { deviceBody, deviceIdParams } from '@/lib/devices/device-body';
import { removeDevice } from '@/lib/devices/remove-device';
import { updateDevice } from '@/lib/devices/update-device';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';

export const PUT = route({ auth: 'user', params: deviceIdParams, body: deviceBody }, updateDevice);
export const DELETE = route({ auth: 'user', params: deviceIdParams }, removeDevice);
export const { GET, POST, PATCH, OPTIONS } = otherMethods({ PUT, DELETE });
