import { logOut } from '@/lib/auth/log-out';
import { route } from '@/lib/http/route';

export const PUT = route({ auth: 'user' }, logOut);
