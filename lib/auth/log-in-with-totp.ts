import { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import type { PublicCtx } from '@/lib/context';
import { consumeAuthToken } from './auth-tokens';
import { consumeTotpCode } from './consume-totp-code';
import { startSession } from './log-in';
import { sessionKindField } from './session-kind';
import { takeLoginAttempt } from './login-throttle';
import { hashToken } from './session-token';
import { accountDeactivated, isDeactivatedAccount } from './deactivated-account';
import { openTotpSecret } from './totp';

export const logInWithTotpBody = z.object({
  loginTicket: z.string().min(1).max(200),
  otp: z.string().trim().min(1).max(10),
  extendedLogin: z.boolean().optional().default(false),
  sessionKind: sessionKindField,
});

const ticketExpired = () =>
  ApiError.unauthorized('Your login has expired. Enter your e-mail and password again').with({
    code: 'loginTicketExpired',
  });

const invalidOtp = () =>
  ApiError.unauthorized('Could not log in. Is your one-time code correct?').with({ code: 'invalidOtp' });

/** Second step of a 2FA login: the ticket from the password step, a one-time code (each works once) and extended login. */
export async function logInWithTotp(ctx: PublicCtx, input: z.output<typeof logInWithTotpBody>) {
  const found = await ctx.db.authToken.findUnique({
    where: { tokenHash: hashToken(input.loginTicket) },
    include: { user: true },
  });
  if (!found || found.kind !== 'loginTotp' || found.usedAt || found.expiresAt <= ctx.now) throw ticketExpired();
  const { user } = found;
  const attempt = await takeLoginAttempt(user.email, ctx.clientAddress, ctx.now, invalidOtp);
  const secret = user.totpSecret === null ? null : await openTotpSecret(ctx.db, user, 'totpSecret', user.totpSecret);
  if (user.totpSecret !== null && secret === null) {
    // The stored secret cannot be decrypted (logged for the operator): no code can be right, which is no guess of the
    // person's, so it does not count towards the ban. 2FA stays on.
    await attempt.giveBack();
    throw invalidOtp();
  }
  const codeValid =
    secret !== null && (await consumeTotpCode(ctx.db, { userId: user.id, secret, code: input.otp, now: ctx.now }));
  if (!codeValid) return attempt.failed();
  await consumeAuthToken(ctx.db, {
    token: input.loginTicket,
    kind: 'loginTotp',
    now: ctx.now,
    expired: ticketExpired(),
  });
  await attempt.succeeded();
  if (await isDeactivatedAccount(ctx.db, user)) throw accountDeactivated();
  return startSession(ctx, user.id, input, found.companyId);
}
