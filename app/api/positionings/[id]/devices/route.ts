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
