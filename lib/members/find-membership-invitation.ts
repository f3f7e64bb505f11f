import { z } from 'zod';
import { findUsableAuthToken, linkExpired } from '@/lib/auth/auth-tokens';
import type { DbClient } from '@/lib/db';

export const membershipInvitationBody = z.object({ token: z.string().min(1).max(200) });

/**
 * A company's invitation by its link, still to be accepted: the token unused and unexpired, the account's e-mail still
 * the one the link went to, the membership still waiting and still wanted by the company's directory, the company not
 * deleted. Anything else answers 400 `linkExpired`, the same for each, so the answer tells nothing of other people.
 */
export async function findMembershipInvitation(client: DbClient, token: string, now: Date) {
  const found = await findUsableAuthToken(client, {
    token,
    kind: 'membershipInvitation',
    now,
    expired: linkExpired(),
  });
  const membership = found.companyId
    ? await client.membership.findFirst({
        where: {
          companyId: found.companyId,
          userId: found.userId,
          invitedAt: { not: null },
          directoryActive: true,
          user: { email: found.email ?? '' },
          company: { deletedAt: null },
        },
        select: { id: true, companyId: true, userId: true, company: { select: { name: true } } },
      })
    : null;
  if (!membership) throw linkExpired();
  return { token: found, membership };
}
