import { ApiError } from '@/lib/api-error';
import { consumeTotpCode } from '@/lib/auth/consume-totp-code';
import { takeLoginAttempt } from '@/lib/auth/login-throttle';
import { revokeSessions } from '@/lib/auth/revoke-sessions';
import { openTotpSecret, sealTotpSecret } from '@/lib/auth/totp';
import type { UserCtx } from '@/lib/context';
import { composeEmail } from '@/lib/email/compose-email';
import { sendEmail } from '@/lib/providers/email/send-email';

export const invalidOtp = () => ApiError.badRequest('The one-time code is not correct').with({ code: 'invalidOtp' });

/**
 * Turns 2FA on (with a code of the pending secret, which becomes the secret) or off (with a code of the current secret).
 * Either way the user's other sessions end and the user is told by e-mail.
 */
export async function changeTwoFactor(ctx: UserCtx, input: { use2FA: boolean; otp: string }) {
  const user = await ctx.db.user.findUniqueOrThrow({ where: { id: ctx.userId } });
  if (user.use2FA === input.use2FA) return { use2FA: user.use2FA };
  const column = input.use2FA ? 'totpPendingSecret' : 'totpSecret';
  const stored = user[column];
  if (!stored) throw ApiError.badRequest('Set up an authenticator first').with({ code: 'noTotpSecret' });
  // Turning 2FA off takes a code of the secret that guards logins: a wrong one counts like a failed login (account ban,
  // client address), so a borrowed or stolen session cannot guess codes at full speed. Setting up is not guarded: the
  // pending secret guards nothing yet, and a fumbled set-up must not ban the account.
  const attempt = input.use2FA ? null : await takeLoginAttempt(user.email, ctx.clientAddress, ctx.now, invalidOtp);
  const secret = await openTotpSecret(ctx.db, user, column, stored);
  if (secret === null) {
    // Cannot be decrypted (logged for the operator): no code is right, and nothing changes (2FA stays as it is).
    await attempt?.giveBack();
    throw invalidOtp();
  }
  if (!(await consumeTotpCode(ctx.db, { userId: user.id, secret, code: input.otp, now: ctx.now }))) {
    if (attempt) return attempt.failed();
    throw invalidOtp();
  }
  await attempt?.succeeded();

  // The change, the ended sessions and the notice e-mail commit together or not at all.
  const notice = await composeEmail('twoFactorChanged', user.locale, { name: user.name });
  await ctx.db.$transaction(async (tx) => {
    await tx.user.update({
      where: { id: user.id },
      data: input.use2FA
        ? { use2FA: true, totpSecret: sealTotpSecret(secret), totpPendingSecret: null }
        : { use2FA: false, totpSecret: null, totpPendingSecret: null },
    });
    await revokeSessions(tx, {
      userId: user.id,
      now: ctx.now,
      reason: 'twoFactorChanged',
      exceptSessionId: ctx.sessionId,
    });
    await sendEmail({ ...notice, to: user.email }, tx);
  });
  return { use2FA: input.use2FA };
}
