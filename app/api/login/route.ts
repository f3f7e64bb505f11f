import { logIn, logInBody } from '@/lib/auth/log-in';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';

export const POST = route({ auth: 'none', body: logInBody, throttled: true }, logIn);
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
