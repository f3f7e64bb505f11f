import { logIn, logInBody } from '@/lib/auth/log-in';
import { route } from '@/lib/http/route';

export const POST = route({ auth: 'none', body: logInBody, throttled: true }, logIn);
