import { z } from 'zod';
import { issueAuthToken } from '@/lib/auth/auth-tokens';
import { emailAddress } from '@/lib/auth/email-address';
import type { PublicCtx } from '@/lib/context';
import { composeEmail } from '@/lib/email/compose-email';
import { publicUrl } from '@/lib/http-parts/public-url';
import { sendEmail } from '@/lib/providers/email/send-email';
import { takeAllowance, THROTTLES } from '@/lib/throttle/take-allowance';

export const RESET_LINK_MS = 60 * 60_000;

export const requestPasswordResetBody = z.object({ email: emailAddress });

/**
 * Sends a single-use link valid 1 hour. The answer is the same whether or not the e-mail belongs to someone, the
 * throttle (per client address and per e-mail typed) included. The link and its e-mail are one transaction: a link is
 * never issued without its e-mail on its way.
 */
export async function requestPasswordReset(ctx: PublicCtx, input: z.output<typeof requestPasswordResetBody>) {
  await takeAllowance([
    { rule: THROTTLES.passwordResetsPerAddress, subject: ctx.clientAddress },
    { rule: THROTTLES.passwordResetsPerEmail, subject: input.email },
  ]);
  const user = await ctx.db.user.findUnique({ where: { email: input.email } });
  if (user) {
    await ctx.db.$transaction(async (tx) => {
      const token = await issueAuthToken(tx, {
        userId: user.id,
        kind: 'passwordReset',
        now: ctx.now,
        validForMs: RESET_LINK_MS,
      });
      const link = publicUrl(`/resetPassword?token=${encodeURIComponent(token)}`);
      await sendEmail(
        { ...(await composeEmail('passwordReset', user.locale, { name: user.name, link })), to: user.email },
        tx,
      );
    });
  }
  return {};
}
