import { logInWithTotp, logInWithTotpBody } from '@/lib/auth/log-in-with-totp';
import { route } from '@/lib/http/route';

export const POST = route({ auth: 'none', body: logInWithTotpBody, throttled: true }, logInWithTotp);
