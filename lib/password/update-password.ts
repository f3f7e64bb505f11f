import { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import { consumeAuthToken, linkExpired, revokeAuthTokens } from '@/lib/auth/auth-tokens';
import { clearLoginFailures, takeLoginAttempt } from '@/lib/auth/login-throttle';
import { hashPassword, newPassword, verifyPassword } from '@/lib/auth/password';
import { revokeSessions } from '@/lib/auth/revoke-sessions';
import type { OptionalSessionCtx } from '@/lib/context';
import { composeEmail } from '@/lib/email/compose-email';
import type { Prisma } from '@/lib/generated/prisma/client';
import { sendEmail } from '@/lib/providers/email/send-email';

export const updatePasswordBody = z
  .object({
    token: z.string().min(1).max(200).optional(),
    currentPassword: z.string().min(1).max(200).optional(),
    password: newPassword,
  })
  .refine((body) => body.token !== undefined || body.currentPassword !== undefined, {
    message: 'token is required',
    path: ['token'],
  });

/** A password is chosen by a reset link (1 hour) or by the link of a member invitation (7 days). */
const CHOOSE_PASSWORD_LINKS = ['passwordReset', 'invitation'] as const;

const wrongPassword = () => ApiError.badRequest('The current password is not correct').with({ code: 'wrongPassword' });

/**
 * A new password, by the link from the reset e-mail (which also confirms the e-mail address; every session ends) or,
 * logged in, with the current password (the other sessions end). Pending login tickets and other reset links end as
 * well. The change, the ended sessions and links and the notice e-mail ("your password was changed"; not for a first
 * password, chosen by an invited person) are one transaction: a failure leaves the old password, its sessions and the
 * link as they were.
 */
export async function updatePassword(ctx: OptionalSessionCtx, input: z.output<typeof updatePasswordBody>) {
  const passwordHash = await hashPassword(input.password);
  const user = await ctx.db.$transaction(async (tx) => {
    const { changed, firstPassword } =
      input.token !== undefined
        ? await updateByLink(ctx, tx, input.token, passwordHash)
        : {
            changed: await updateByCurrentPassword(ctx, tx, input.currentPassword ?? '', passwordHash),
            firstPassword: false,
          };
    await revokeSessions(tx, {
      userId: changed.id,
      now: ctx.now,
      reason: 'passwordChanged',
      exceptSessionId: ctx.session?.sessionId,
    });
    // A login half done with the old password (its ticket awaits the one-time code) and other reset links end too.
    await revokeAuthTokens(tx, {
      userIds: [changed.id],
      kinds: ['loginTotp', 'passwordReset', 'invitation'],
      now: ctx.now,
    });
    // An invited person choosing their first password changed nothing they had: "your password was changed" would alarm.
    if (!firstPassword) {
      const notice = await composeEmail('passwordChanged', changed.locale, { name: changed.name });
      await sendEmail({ ...notice, to: changed.email }, tx);
    }
    return changed;
  });
  await clearLoginFailures(user.email);
  return {};
}

async function updateByLink(
  ctx: OptionalSessionCtx,
  tx: Prisma.TransactionClient,
  token: string,
  passwordHash: string,
) {
  const userId = await consumeAuthToken(tx, {
    token,
    kind: CHOOSE_PASSWORD_LINKS,
    now: ctx.now,
    expired: linkExpired(),
  });
  const user = await tx.user.findUniqueOrThrow({ where: { id: userId } });
  const changed = await tx.user.update({
    where: { id: userId },
    data: { passwordHash, emailConfirmedAt: user.emailConfirmedAt ?? ctx.now },
  });
  return { changed, firstPassword: user.passwordHash === null };
}

async function updateByCurrentPassword(
  ctx: OptionalSessionCtx,
  tx: Prisma.TransactionClient,
  currentPassword: string,
  passwordHash: string,
) {
  if (!ctx.session) throw ApiError.unauthorized();
  const user = await tx.user.findUniqueOrThrow({ where: { id: ctx.session.userId } });
  // A wrong current password counts like a failed login (account ban, client address): a borrowed or stolen session
  // must not be a way to guess the password at full speed.
  const attempt = await takeLoginAttempt(user.email, ctx.clientAddress, ctx.now, wrongPassword);
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, currentPassword))) return attempt.failed();
  await attempt.succeeded();
  return tx.user.update({ where: { id: user.id }, data: { passwordHash } });
}
