import type { Ctx } from '@/lib/context';
import type { DbClient } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import { missionPersonView, missionUser } from './mission-view';

/** The company's named mission alarm subscribers who are still active members: those a mission alarm goes to. */
export function subscribedMembersWhere(companyId: string): Prisma.MembershipWhereInput {
  return { companyId, deletedAt: null, user: { missionSubscribers: { some: { companyId } } } };
}

/** GET /api/missions/subscribers: by name; nobody named means the mission alarms go to every admin. */
export async function getMissionSubscribers(ctx: Pick<Ctx, 'company'> & { db: DbClient }) {
  const members = await ctx.db.membership.findMany({
    where: subscribedMembersWhere(ctx.company.id),
    select: { user: missionUser },
    orderBy: [{ user: { name: 'asc' } }, { userId: 'asc' }],
  });
  const subscribers = await Promise.all(members.map((member) => missionPersonView(member.user)));
  return { subscriberIds: subscribers.map((subscriber) => subscriber.userId), subscribers };
}
