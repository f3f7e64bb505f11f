import { deviceBody } from '@/lib/devices/device-body';
import { listDevices } from '@/lib/devices/list-devices';
import { registerDevice } from '@/lib/devices/register-device';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';

export const GET = route({ auth: 'user' }, listDevices);
export const POST = route({ auth: 'user', body: deviceBody, status: 201 }, registerDevice);
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
