import type { Ctx } from '@/lib/context';
import type { DbClient } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import { profilePhotoUrl } from '@/lib/me/profile-photo-url';

/** Team members who are active members of the company: soft-deleted members stay in the team but do not count. */
export function activeTeamMember(companyId: string): Prisma.TeamMemberWhereInput {
  return { user: { memberships: { some: { companyId, deletedAt: null } } } };
}

/** What a Team object is built from: the team and its active members, by name. */
export function teamWithMembers(companyId: string) {
  return {
    members: {
      where: activeTeamMember(companyId),
      orderBy: { user: { name: 'asc' } },
      select: { userId: true, user: { select: { profilePhotoKey: true } } },
    },
  } satisfies Prisma.TeamInclude;
}

type LoadedTeam = Prisma.TeamGetPayload<{ include: ReturnType<typeof teamWithMembers> }>;

/** The Team object of the API (spec §3): `profilePhotos` holds up to `photosCount` photo links of its members. */
export async function teamView(team: LoadedTeam, photosCount = 0) {
  const photoKeys = team.members
    .flatMap((member) => (member.user.profilePhotoKey ? [member.user.profilePhotoKey] : []))
    .slice(0, photosCount);
  return {
    id: team.id,
    name: team.name,
    description: team.description,
    managed: team.managed,
    membersCount: team.members.length,
    members: team.members.map((member) => ({ userId: member.userId })),
    profilePhotos: (await Promise.all(photoKeys.map(profilePhotoUrl))).filter((url): url is string => url !== null),
  };
}

export type TeamView = Awaited<ReturnType<typeof teamView>>;

/** The Team object of one of the company's teams, read with `client` (a transaction's, after a change). */
export async function loadTeamView(client: DbClient, ctx: Pick<Ctx, 'company'>, teamId: string): Promise<TeamView> {
  const team = await client.team.findUniqueOrThrow({
    where: { id: teamId, companyId: ctx.company.id },
    include: teamWithMembers(ctx.company.id),
  });
  return teamView(team);
}
