import type { PublicCtx } from '@/lib/context';
import { getInstanceSettings } from './get-instance-settings';

/** Who may sign up a company here, for the sign-up page (GET /api/signup/policy): open, some domains, or closed. */
export async function getSignUpPolicy(ctx: PublicCtx) {
  const { signUpPolicy, signUpDomains } = await getInstanceSettings(ctx.db);
  return { signUpPolicy, signUpDomains };
}
