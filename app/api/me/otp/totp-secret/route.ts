import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { changeTwoFactor } from '@/lib/two-factor/change-two-factor';
import { createTotpSetup } from '@/lib/two-factor/create-totp-setup';
import { verifyTotpSetupBody } from '@/lib/two-factor/two-factor-bodies';

export const GET = route({ auth: 'user' }, createTotpSetup);
export const POST = route(
  { auth: 'user', summary: 'Turn on two-factor login with a code of the new secret', body: verifyTotpSetupBody },
  (ctx, input) => changeTwoFactor(ctx, { use2FA: true, otp: input.otp }),
);
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
