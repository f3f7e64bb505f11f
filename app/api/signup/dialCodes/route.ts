import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { listDialCodes } from '@/lib/phone/list-dial-codes';

export const GET = route({ auth: 'none', summary: 'The supported phone dial codes' }, listDialCodes);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
