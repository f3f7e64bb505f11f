import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { activateAccount, activateAccountBody } from '@/lib/signup/activate-account';

export const POST = route({ auth: 'none', body: activateAccountBody }, activateAccount);
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
