import { z } from 'zod';
import { consumeAuthToken, linkExpired } from '@/lib/auth/auth-tokens';
import type { PublicCtx } from '@/lib/context';

export const activateAccountBody = z.object({ token: z.string().min(1).max(200) });

/** The confirmation link of a sign-up: confirms the owner's e-mail and activates the company they signed up. */
export async function activateAccount(ctx: PublicCtx, input: z.output<typeof activateAccountBody>) {
  return ctx.db.$transaction(async (tx) => {
    const userId = await consumeAuthToken(tx, {
      token: input.token,
      kind: 'emailConfirm',
      now: ctx.now,
      expired: linkExpired(),
    });
    const user = await tx.user.update({ where: { id: userId }, data: { emailConfirmedAt: ctx.now } });
    const membership = await tx.membership.findFirst({
      where: { userId, role: 'owner', deletedAt: null, company: { deletedAt: null } },
      orderBy: { createdAt: 'asc' },
      include: { company: true },
    });
    if (membership && !membership.company.activatedAt) {
      await tx.company.update({ where: { id: membership.companyId }, data: { activatedAt: ctx.now } });
    }
    return {
      email: user.email,
      customerId: membership?.companyId ?? null,
      customerName: membership?.company.name ?? null,
    };
  });
}
