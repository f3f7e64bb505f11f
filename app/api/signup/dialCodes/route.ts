import { route } from '@/lib/http/route';
import { SUPPORTED_DIAL_CODES } from '@/lib/phone/dial-codes';

export const GET = route({ auth: 'none' }, () => ({ dialCodes: SUPPORTED_DIAL_CODES }));
