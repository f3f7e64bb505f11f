import type { Db, DbClient } from '@/lib/db';
import { daysBefore, REMOVED_MEMBER_RESTORE_DAYS } from './retention-windows';

/**
 * Members removed more than ~90 days ago can no longer be restored: their membership, their team memberships and
 * SOS contacts in that company go. The person's account stays (it may belong to other companies).
 */
export async function purgeRemovedMembers(client: Db, now: Date): Promise<number> {
  const expired = await client.membership.findMany({
    where: { deletedAt: { lt: daysBefore(now, REMOVED_MEMBER_RESTORE_DAYS) } },
    select: { id: true, userId: true, companyId: true },
  });
  for (const membership of expired) await client.$transaction((tx) => purgeRemovedMember(tx, membership));
  return expired.length;
}

/**
 * A removed member's rows in the company go: team memberships, SOS contacts, mission subscriptions, the membership. An
 * account the company's directory made and that no other company has (User.directoryCompanyId, kept by a trigger) goes
 * too, with its devices, positions and sessions: it was never its person's own, and must not be found again by a later
 * person with the e-mail.
 */
export async function purgeRemovedMember(
  client: DbClient,
  membership: { id: string; userId: string; companyId: string },
): Promise<void> {
  await client.teamMember.deleteMany({
    where: { userId: membership.userId, team: { companyId: membership.companyId } },
  });
  await client.sosContact.deleteMany({
    where: {
      companyId: membership.companyId,
      OR: [{ userId: membership.userId }, { contactUserId: membership.userId }],
    },
  });
  await client.missionSubscriber.deleteMany({ where: { companyId: membership.companyId, userId: membership.userId } });
  await client.membership.deleteMany({ where: { id: membership.id, deletedAt: { not: null } } });
  await client.user.deleteMany({
    where: {
      id: membership.userId,
      directoryCompanyId: membership.companyId,
      memberships: { none: { invitedAt: null } },
    },
  });
}
