import type { IDToken } from 'openid-client';
import type { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import { recordAudit } from '@/lib/audit/record-audit';
import { startSession, twoFactorTicket } from '@/lib/auth/log-in';
import { refuseWhileLoginBanned } from '@/lib/auth/login-throttle';
import type { PublicCtx } from '@/lib/context';
import { logger } from '@/lib/logger';
import { enabledEntraApp } from './enabled-entra-app';
import { entraConfiguration, openIdClient, type EntraApp } from './entra-configuration';
import { microsoftRedirectUri } from './microsoft-authority';
import type { finishMicrosoftSignInBody } from './microsoft-sign-in-fields';
import { takeSignInAttempt, type SignInAttempt } from './sign-in-attempts';

const refused = (status: number, code: string, message: string) => new ApiError(status, [message]).with({ code });

/**
 * The id token's claims after openid-client has checked all of it: the code exchanged with the PKCE verifier and the
 * client secret, the token's signature against the tenant's JWKS, its issuer (the tenant), audience (the app), expiry
 * and nonce.
 */
async function verifiedClaims(
  app: EntraApp,
  attempt: SignInAttempt,
  input: z.output<typeof finishMicrosoftSignInBody>,
) {
  const returnedTo = new URL(microsoftRedirectUri());
  returnedTo.searchParams.set('code', input.code);
  returnedTo.searchParams.set('state', input.state);
  try {
    const oidc = await openIdClient();
    const tokens = await oidc.authorizationCodeGrant(await entraConfiguration(app), returnedTo, {
      pkceCodeVerifier: attempt.codeVerifier,
      expectedState: input.state,
      expectedNonce: attempt.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('no id token');
    return claims;
  } catch (error) {
    logger.warn('microsoft sign-in: the answer from Microsoft did not verify', { companyId: attempt.companyId, error });
    throw refused(401, 'microsoftSignInFailed', 'Microsoft did not confirm who you are. Try again');
  }
}

/**
 * Entra's `email` claim is whatever the account says, unless `xms_edov` (an optional claim) is true: then the owner of
 * the e-mail's domain is verified. `preferred_username` and `upn` can be changed and are not e-mails one can trust.
 */
function verifiedEmail(claims: IDToken): string | null {
  return claims.xms_edov === true && typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : null;
}

/**
 * POST /api/login/microsoft/callback: Microsoft's answer (code and state) → a session of the member of THAT company
 * whose verified e-mail it is, landing in that company and opening that company only (the tenant vouches for its own
 * company, not for the person's others). A person with the product's 2FA on gets the one-time-code step first, as
 * after a password. The state is used up whatever happens.
 */
export async function finishMicrosoftSignIn(ctx: PublicCtx, input: z.output<typeof finishMicrosoftSignInBody>) {
  const attempt = await takeSignInAttempt(input.state);
  if (!attempt) {
    throw refused(400, 'microsoftSignInExpired', 'This sign-in with Microsoft has expired or was used. Start again');
  }
  const app = await enabledEntraApp(ctx.db, attempt.companyId);
  if (!app) throw refused(403, 'microsoftSignInDisabled', 'Sign-in with Microsoft is turned off for your company');
  const claims = await verifiedClaims(app, attempt, input);
  if (claims.tid !== app.tenantId) {
    throw refused(403, 'microsoftWrongTenant', 'You signed in to another organization than your company uses');
  }
  const email = verifiedEmail(claims);
  if (!email) throw refused(403, 'microsoftEmailUnverified', 'Microsoft did not send a verified e-mail address');
  const membership = await ctx.db.membership.findFirst({
    where: { companyId: attempt.companyId, deletedAt: null, user: { email } },
    select: { userId: true, user: { select: { use2FA: true, totpSecret: true } } },
  });
  if (!membership) {
    throw refused(403, 'microsoftNotMember', 'No member of your company has the e-mail address you signed in with');
  }
  await refuseWhileLoginBanned(email, ctx.now);
  // The product's own second factor too, where the person turned it on: the tenant's policy is not the person's choice.
  if (membership.user.use2FA && membership.user.totpSecret) {
    return twoFactorTicket(ctx, membership.userId, attempt.companyId);
  }
  const { token } = await startSession(
    ctx,
    membership.userId,
    { extendedLogin: false, sessionKind: input.sessionKind },
    attempt.companyId,
  );
  await recordAudit(ctx.db, {
    companyId: attempt.companyId,
    actorId: membership.userId,
    action: 'login',
    entityType: 'user',
    entityId: membership.userId,
    data: {
      method: 'microsoft',
      tenantId: app.tenantId,
      objectId: typeof claims.oid === 'string' ? claims.oid : null,
    },
  });
  return { token, customerId: attempt.companyId };
}
