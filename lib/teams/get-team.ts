import type { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import type { Ctx } from '@/lib/context';
import { memberView, memberViewSelect } from '@/lib/members/member-view';
import type { teamIdParams } from './team-fields';
import { teamView, teamWithMembers } from './team-view';

/** One team with its people (name, contact, photo, and whether they have the app or get SMS only). */
export async function getTeam(ctx: Ctx, input: z.output<typeof teamIdParams>) {
  const team = await ctx.db.team.findFirst({
    where: { id: input.id, companyId: ctx.company.id },
    include: teamWithMembers(ctx.company.id),
  });
  if (!team) throw ApiError.notFound('The team');
  const memberships = await ctx.db.membership.findMany({
    where: { companyId: ctx.company.id, deletedAt: null, userId: { in: team.members.map((member) => member.userId) } },
    select: memberViewSelect,
    orderBy: [{ user: { name: 'asc' } }, { userId: 'asc' }],
  });
  // The team's people carry no SMS opt-out: it is shown in the members list.
  const people = await Promise.all(memberships.map((row) => memberView(row, new Map())));
  return {
    ...(await teamView(team)),
    people: people.map(({ userId, name, email, phone, profilePhoto, hasApp }) => ({
      userId,
      name,
      email,
      phone,
      profilePhoto,
      hasApp,
    })),
  };
}
