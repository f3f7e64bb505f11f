import { z } from 'zod';
import { emailAddress } from '@/lib/auth/email-address';
import type { PublicCtx } from '@/lib/context';
import { takeAllowance, THROTTLES } from '@/lib/throttle/take-allowance';
import { confirmationDeadline, sendConfirmationEmail } from './send-confirmation-email';

export const resendConfirmationBody = z.object({ email: emailAddress });

/**
 * POST /api/signup/resendConfirmation (the login page, after "not confirmed yet"): a new confirmation link for a sign-up
 * still waiting for it, valid until the sign-up's own deadline (the purge removes it then), the earlier link ending. The
 * answer is the same for an unknown, a confirmed or an expired account, which get nothing; the throttle (per client
 * address and per e-mail typed) counts every request alike.
 */
export async function resendConfirmation(ctx: PublicCtx, input: z.output<typeof resendConfirmationBody>) {
  await takeAllowance([
    { rule: THROTTLES.confirmationResendsPerAddress, subject: ctx.clientAddress },
    { rule: THROTTLES.confirmationResendsPerEmail, subject: input.email },
  ]);
  // A waiting sign-up, as lib/retention/purge-unconfirmed-sign-ups.ts finds them: an unconfirmed owner of waiting companies.
  const user = await ctx.db.user.findFirst({
    where: {
      email: input.email,
      emailConfirmedAt: null,
      memberships: { some: {}, every: { role: 'owner', company: { activatedAt: null } } },
    },
    include: {
      memberships: {
        where: { deletedAt: null, company: { deletedAt: null } },
        orderBy: { createdAt: 'asc' },
        take: 1,
        include: { company: true },
      },
    },
  });
  const company = user?.memberships[0]?.company;
  const expiresAt = user && confirmationDeadline(user.createdAt);
  if (user && company && expiresAt && expiresAt > ctx.now) {
    await ctx.db.$transaction((tx) => sendConfirmationEmail(tx, { user, company, now: ctx.now, expiresAt }));
  }
  return {};
}
