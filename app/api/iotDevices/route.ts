import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { listIotDevices } from '@/lib/iot/list-iot-devices';

export const GET = route({ role: 'admin', feature: ['scenario', 'flicHub'] }, listIotDevices);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
