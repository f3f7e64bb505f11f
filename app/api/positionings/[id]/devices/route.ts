import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { listPositioningDevices } from '@/lib/positionings/list-positioning-devices';
import { positioningDevicesQuery, positioningIdParams } from '@/lib/positionings/positioning-body';

export const GET = route(
  {
    role: 'admin',
    params: positioningIdParams,
    query: positioningDevicesQuery,
    summary: 'Every device asked in a positioning, with its answer or the last known position',
  },
  listPositioningDevices,
);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
