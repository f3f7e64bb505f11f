import { route } from '@/lib/http/route';
import { updatePassword, updatePasswordBody } from '@/lib/password/update-password';

export const PUT = route({ auth: 'optional', body: updatePasswordBody, throttled: true }, updatePassword);
