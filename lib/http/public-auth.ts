import type { PublicCtx } from '@/lib/context';
import { type AuthKind, productFailure } from '@/lib/http-parts/auth-kind';

/** `auth: 'none'`: visitors (login, sign-up, captcha, health, signed file links); nobody is asked who they are. */
export const publicAuth: AuthKind<PublicCtx> = {
  authenticate: async ({ base }) => ({ ctx: base }),
  fail: productFailure,
  document: { access: () => 'No session needed.', noBearer: true, refusals: {} },
};
