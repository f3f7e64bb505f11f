import { z } from 'zod';
import { findUsableAuthToken, linkExpired } from '@/lib/auth/auth-tokens';
import type { PublicCtx } from '@/lib/context';

export const readInvitationBody = z.object({ token: z.string().min(1).max(200) });

/**
 * POST /api/invitation: what the invitation link's page (/confirmEmail) shows before the person chooses a password:
 * their name and e-mail and the company that added them last. The link is not used up: choosing the password
 * (PUT /api/password/update with the token) uses it and confirms the e-mail. An unknown, used or expired link: 400
 * `linkExpired`, the same for each, so the answer tells nothing about other people's links.
 */
export async function readInvitation(ctx: PublicCtx, input: z.output<typeof readInvitationBody>) {
  const found = await findUsableAuthToken(ctx.db, {
    token: input.token,
    kind: 'invitation',
    now: ctx.now,
    expired: linkExpired(),
  });
  const user = await ctx.db.user.findUniqueOrThrow({
    where: { id: found.userId },
    select: {
      name: true,
      email: true,
      memberships: {
        where: { deletedAt: null, company: { deletedAt: null } },
        orderBy: { createdAt: 'desc' },
        take: 1,
        select: { company: { select: { name: true } } },
      },
    },
  });
  return { name: user.name, email: user.email, companyName: user.memberships[0]?.company.name ?? null };
}
