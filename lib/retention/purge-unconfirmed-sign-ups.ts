import type { Db } from '@/lib/db';
import { CONFIRMATION_LINK_MS } from '@/lib/signup/send-confirmation-email';

/**
 * Sign-ups whose confirmation link expired unused: the waiting company and its owner are removed, which frees the
 * e-mail and phone number for a new sign-up. A person who belongs to anything else (e.g. added by an admin, waiting to
 * choose a password) is never touched.
 */
export async function purgeUnconfirmedSignUps(client: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - CONFIRMATION_LINK_MS);
  const waiting = await client.user.findMany({
    where: {
      emailConfirmedAt: null,
      createdAt: { lt: cutoff },
      memberships: { some: {}, every: { role: 'owner', company: { activatedAt: null } } },
    },
    select: { id: true, memberships: { select: { companyId: true } } },
  });
  for (const user of waiting) {
    const companyIds = user.memberships.map((m) => m.companyId);
    await client.$transaction([
      client.company.deleteMany({
        where: { id: { in: companyIds }, activatedAt: null, memberships: { every: { userId: user.id } } },
      }),
      client.user.deleteMany({ where: { id: user.id, emailConfirmedAt: null } }),
    ]);
  }
  return waiting.length;
}
