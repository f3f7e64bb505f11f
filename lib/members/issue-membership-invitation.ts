import { newToken } from '@/lib/auth/session-token';
import { DAY_MS } from '@/lib/clock';
import type { DbClient } from '@/lib/db';

/** How long a person has to accept a company's invitation. */
export const MEMBERSHIP_INVITATION_MS = 14 * DAY_MS;

/**
 * The link's token of a company's invitation, bound to the company and the e-mail: earlier unused ones of the same
 * company end, another company's stay.
 */
export async function issueMembershipInvitation(
  client: DbClient,
  input: { companyId: string; userId: string; email: string; now: Date },
): Promise<string> {
  await client.authToken.updateMany({
    where: { userId: input.userId, companyId: input.companyId, kind: 'membershipInvitation', usedAt: null },
    data: { usedAt: input.now },
  });
  const { token, tokenHash } = newToken();
  await client.authToken.create({
    data: {
      userId: input.userId,
      companyId: input.companyId,
      email: input.email,
      kind: 'membershipInvitation',
      tokenHash,
      createdAt: input.now,
      expiresAt: new Date(input.now.getTime() + MEMBERSHIP_INVITATION_MS),
    },
  });
  return token;
}
