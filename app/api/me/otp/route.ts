import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { changeTwoFactor } from '@/lib/two-factor/change-two-factor';
import { setTwoFactorBody } from '@/lib/two-factor/two-factor-bodies';

export const PUT = route({ auth: 'user', body: setTwoFactorBody, throttled: true }, changeTwoFactor);
export const { GET, POST, PATCH, DELETE, OPTIONS } = otherMethods({ PUT });
