import type { OperatorCtx, PublicCtx } from '@/lib/context';
import { getInstanceSettings } from './get-instance-settings';

/** The install's settings, for its operators (GET /api/operator/settings). */
export function readInstanceSettings(ctx: OperatorCtx) {
  return getInstanceSettings(ctx.db);
}

/** Who may sign up a company here, for the sign-up page (GET /api/signup/policy): open, some domains, or closed. */
export async function getSignUpPolicy(ctx: PublicCtx) {
  const { signUpPolicy, signUpDomains } = await getInstanceSettings(ctx.db);
  return { signUpPolicy, signUpDomains };
}
