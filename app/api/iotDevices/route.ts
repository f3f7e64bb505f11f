import { route } from '@/lib/http/route';
import { listIotDevices } from '@/lib/iot/list-iot-devices';

export const GET = route({ role: 'admin', feature: ['scenario', 'flicHub'] }, listIotDevices);
