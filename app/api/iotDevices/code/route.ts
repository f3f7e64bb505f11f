import { route } from '@/lib/http/route';
import { newPairingCode } from '@/lib/iot/iot-code';

export const GET = route({ role: 'admin', feature: ['scenario', 'flicHub'] }, newPairingCode);
