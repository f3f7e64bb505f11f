import { revokeSessions } from '@/lib/auth/revoke-sessions';
import type { DbClient } from '@/lib/db';
import { countOtherCompanies } from './find-member';

/**
 * Removes a member (soft delete, restorable): their requests for the company are refused from now on, and a person
 * left without any company is also logged out everywhere.
 */
export async function endMembership(
  client: DbClient,
  membership: { id: string; companyId: string; userId: string },
  now: Date,
): Promise<void> {
  await client.membership.update({ where: { id: membership.id }, data: { deletedAt: now } });
  if ((await countOtherCompanies(client, membership.companyId, membership.userId)) === 0) {
    await revokeSessions(client, { userId: membership.userId, now, reason: 'removedFromCompany' });
  }
}
