import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { updatePassword, updatePasswordBody } from '@/lib/password/update-password';

export const PUT = route({ auth: 'optional', body: updatePasswordBody, throttled: true }, updatePassword);
export const { GET, POST, PATCH, DELETE, OPTIONS } = otherMethods({ PUT });
