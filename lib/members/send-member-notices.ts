import { issueAuthTokens } from '@/lib/auth/auth-tokens';
import { DAY_MS } from '@/lib/clock';
import type { Db } from '@/lib/db';
import { composeEmail } from '@/lib/email/compose-email';
import { publicUrl } from '@/lib/http-parts/public-url';
import { mapInSlices } from '@/lib/map-in-slices';
import { sendEmails } from '@/lib/providers/email/send-email';
import type { MemberNoticesPayload } from '@/lib/queue';

export const INVITATION_LINK_MS = 7 * DAY_MS;
/**
 * The notices job is queued inside the transaction that adds the people, so it can run before that commits: until this
 * long after it was queued (longer than the addition's transaction may take), finding none of the people means "not
 * committed yet" (the job is retried), after it "rolled back" (nothing to send).
 */
export const ADDITION_COMMIT_GRACE_MS = 2 * 60_000;
/** E-mails composed between two turns of the event loop (the job's lock is renewed meanwhile). */
const PEOPLE_PER_SLICE = 50;
/** Composing and recording a thousand e-mails takes a few seconds; Prisma's default transaction allows 5. */
const NOTICES_TRANSACTION_MS = 60_000;

/** The addition is not visible yet: the job is retried with backoff. */
export class AdditionNotCommittedYet extends Error {
  constructor() {
    super('the addition of these members is not committed yet');
  }
}

/**
 * The e-mails of one addition of members: an invitation with a 7-day link (/confirmEmail: welcome, e-mail confirmed,
 * choose a password) for everyone without one
 * (new people, or people invited elsewhere who never set up), an "added to" notice for the others, each in the person's
 * language. Only people still active members get one. The links and the e-mails are written in one transaction, so a
 * failure leaves neither (the job is retried). `queuedAt`: when the job was queued.
 */
export async function sendMemberNotices(db: Db, input: MemberNoticesPayload, queuedAt: Date, now: Date) {
  const [company, inviter, people] = await Promise.all([
    db.company.findUnique({ where: { id: input.companyId }, select: { name: true } }),
    db.user.findUnique({ where: { id: input.inviterId }, select: { name: true } }),
    db.user.findMany({
      where: {
        id: { in: input.userIds },
        memberships: { some: { companyId: input.companyId, deletedAt: null } },
      },
      select: { id: true, email: true, name: true, locale: true, passwordHash: true },
    }),
  ]);
  if (people.length === 0 || !company) {
    if (now.getTime() - queuedAt.getTime() < ADDITION_COMMIT_GRACE_MS) throw new AdditionNotCommittedYet();
    return { invitations: 0, notices: 0 };
  }
  const addedAt = new Date(input.addedAt);
  const values = { companyName: company.name, inviterName: inviter?.name ?? company.name };
  const uninvited = people.filter((person) => !person.passwordHash);
  return db.$transaction(
    async (tx) => {
      const tokens = await issueAuthTokens(tx, {
        userIds: uninvited.map((person) => person.id),
        kind: 'invitation',
        now: addedAt,
        validForMs: INVITATION_LINK_MS,
      });
      const messages = await mapInSlices(people, PEOPLE_PER_SLICE, async (person) => {
        const token = tokens.get(person.id);
        const message = token
          ? await composeEmail('memberInvitation', person.locale, {
              ...values,
              name: person.name,
              link: publicUrl(`/confirmEmail?token=${encodeURIComponent(token)}`),
              links: [{ key: 'responder', url: publicUrl('/r') }],
              qrCodeOf: publicUrl('/r'),
            })
          : await composeEmail('addedToCompany', person.locale, {
              ...values,
              name: person.name,
              link: publicUrl('/login'),
              links: [{ key: 'responder', url: publicUrl('/r') }],
              qrCodeOf: publicUrl('/r'),
            });
        return { ...message, to: person.email, companyId: input.companyId };
      });
      await sendEmails(messages, tx);
      return { invitations: tokens.size, notices: people.length - tokens.size };
    },
    { timeout: NOTICES_TRANSACTION_MS, maxWait: NOTICES_TRANSACTION_MS },
  );
}
