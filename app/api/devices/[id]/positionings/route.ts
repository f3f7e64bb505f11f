import { deviceIdParams } from '@/lib/devices/device-body';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { listDevicePositionings } from '@/lib/positionings/list-device-positionings';

export const GET = route(
  {
    auth: 'user',
    params: deviceIdParams,
    summary: 'The positioning requests the app can still answer on this device, newest first (at most 20)',
  },
  listDevicePositionings,
);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
