import { newToken } from '@/lib/auth/session-token';
import { DAY_MS } from '@/lib/clock';
import type { DbClient } from '@/lib/db';
import { composeEmail } from '@/lib/email/compose-email';
import { publicUrl } from '@/lib/http/public-url';
import { sendEmail } from '@/lib/providers/email/send-email';

/** How long a person has to accept a company's invitation. */
export const MEMBERSHIP_INVITATION_MS = 14 * DAY_MS;

/**
 * Asks the person of an existing account to join the company (a directory provisioned their e-mail): a link of its own
 * kind, bound to the company and to the e-mail it goes to, e-mailed in the person's language. Earlier unused links of
 * the same company end; another company's stay. The e-mail is recorded in no company's outbox: the link must reach the
 * person only, never the admins of the company that asks.
 */
export async function inviteToCompany(
  client: DbClient,
  input: { companyId: string; userId: string; email: string; now: Date },
): Promise<void> {
  const [company, person] = await Promise.all([
    client.company.findUniqueOrThrow({ where: { id: input.companyId }, select: { name: true } }),
    client.user.findUniqueOrThrow({ where: { id: input.userId }, select: { name: true, locale: true } }),
  ]);
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
  const message = await composeEmail('membershipInvitation', person.locale, {
    name: person.name,
    companyName: company.name,
    link: publicUrl(`/joinCompany?token=${encodeURIComponent(token)}`),
  });
  await sendEmail({ ...message, to: input.email }, client);
}
