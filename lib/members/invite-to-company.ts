import type { DbClient } from '@/lib/db';
import { composeEmail } from '@/lib/email/compose-email';
import { publicUrl } from '@/lib/http-parts/public-url';
import { sendEmail } from '@/lib/providers/email/send-email';
import { issueMembershipInvitation } from './issue-membership-invitation';

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
  const token = await issueMembershipInvitation(client, input);
  const message = await composeEmail('membershipInvitation', person.locale, {
    name: person.name,
    companyName: company.name,
    link: publicUrl(`/joinCompany?token=${encodeURIComponent(token)}`),
  });
  await sendEmail({ ...message, to: input.email }, client);
}
