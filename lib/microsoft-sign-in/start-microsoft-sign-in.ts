import type { z } from 'zod';
import type { PublicCtx } from '@/lib/context';
import { takeAllowance, THROTTLES } from '@/lib/throttle/take-allowance';
import { entraAppForEmail } from './enabled-entra-app';
import { entraConfiguration, openIdClient } from './entra-configuration';
import { microsoftRedirectUri } from './microsoft-authority';
import type { startMicrosoftSignInBody } from './microsoft-sign-in-fields';
import { keepSignInAttempt } from './sign-in-attempts';

/** Where a person goes whose e-mail has no company with sign-in with Microsoft: the login page says what to do. */
export const NO_MICROSOFT_SIGN_IN_PATH = '/login?microsoftSignIn=unavailable';

/**
 * POST /api/login/microsoft: the address to send the browser to. For an e-mail that is a member of a company with
 * sign-in with Microsoft on, that company's tenant at Microsoft (code flow with PKCE, state and nonce kept here for the
 * return); otherwise the login page's neutral "if your company uses it…" note, in the same answer, status and shape.
 */
export async function startMicrosoftSignIn(ctx: PublicCtx, input: z.output<typeof startMicrosoftSignInBody>) {
  await takeAllowance([{ rule: THROTTLES.microsoftSignIns, subject: ctx.clientAddress }]);
  const app = await entraAppForEmail(ctx.db, input.email);
  if (!app) return { url: NO_MICROSOFT_SIGN_IN_PATH };
  const [oidc, configuration] = await Promise.all([openIdClient(), entraConfiguration(app)]);
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  await keepSignInAttempt(state, { companyId: app.companyId, codeVerifier, nonce });
  const url = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: microsoftRedirectUri(),
    response_type: 'code',
    response_mode: 'query',
    scope: 'openid profile email',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    login_hint: input.email,
  });
  return { url: url.href };
}
