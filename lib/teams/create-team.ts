import { z } from 'zod';
import type { Ctx } from '@/lib/context';
import { isUniqueViolation } from '@/lib/db/is-unique-violation';
import { assertActiveMembers } from './assert-active-members';
import { assertUniqueTeamName, teamExists } from './assert-unique-team-name';
import { teamDescription, teamMemberIds, teamName } from './team-fields';
import { loadTeamView } from './team-view';

export const createTeamBody = z.object({
  name: teamName,
  description: teamDescription,
  members: teamMemberIds.optional(),
});

/** An admin creates a team, optionally with its first members (Team). */
export async function createTeam(ctx: Ctx, input: z.output<typeof createTeamBody>) {
  try {
    return await ctx.db.$transaction(async (tx) => {
      await assertUniqueTeamName(tx, ctx, input.name);
      const userIds = await assertActiveMembers(tx, ctx, input.members ?? []);
      const created = await tx.team.create({
        data: {
          companyId: ctx.company.id,
          name: input.name,
          description: input.description,
          members: { create: userIds.map((userId) => ({ userId })) },
        },
      });
      return loadTeamView(tx, ctx, created.id);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw teamExists(input.name);
    throw error;
  }
}
