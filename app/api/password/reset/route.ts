import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { requestPasswordReset, requestPasswordResetBody } from '@/lib/password/request-password-reset';

export const PUT = route({ auth: 'none', body: requestPasswordResetBody, throttled: true }, requestPasswordReset);
export const { GET, POST, PATCH, DELETE, OPTIONS } = otherMethods({ PUT });
