import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { newPairingCode } from '@/lib/iot/new-pairing-code';

export const GET = route({ role: 'admin', feature: ['scenario', 'flicHub'] }, newPairingCode);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
