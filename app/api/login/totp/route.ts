import { logInWithTotp, logInWithTotpBody } from '@/lib/auth/log-in-with-totp';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';

export const POST = route({ auth: 'none', body: logInWithTotpBody, throttled: true }, logInWithTotp);
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
