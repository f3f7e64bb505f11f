import { logOut } from '@/lib/auth/log-out';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';

export const PUT = route({ auth: 'user' }, logOut);
export const { GET, POST, PATCH, DELETE, OPTIONS } = otherMethods({ PUT });
