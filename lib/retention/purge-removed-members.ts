import type { Db } from '@/lib/db';
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
  for (const membership of expired) {
    await client.$transaction([
      client.teamMember.deleteMany({ where: { userId: membership.userId, team: { companyId: membership.companyId } } }),
      client.sosContact.deleteMany({
        where: {
          companyId: membership.companyId,
          OR: [{ userId: membership.userId }, { contactUserId: membership.userId }],
        },
      }),
      client.missionSubscriber.deleteMany({ where: { companyId: membership.companyId, userId: membership.userId } }),
      client.membership.deleteMany({ where: { id: membership.id, deletedAt: { not: null } } }),
    ]);
  }
  return expired.length;
}
