import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { SUPPORTED_DIAL_CODES } from '@/lib/phone/dial-codes';

export const GET = route({ auth: 'none', summary: 'The supported phone dial codes' }, () => ({
  dialCodes: SUPPORTED_DIAL_CODES,
}));
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
