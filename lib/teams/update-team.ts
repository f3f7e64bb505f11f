import { z } from 'zod';
import type { Ctx } from '@/lib/context';
import { isUniqueViolation } from '@/lib/db/is-unique-violation';
import { assertUniqueTeamName, teamExists } from './assert-unique-team-name';
import { findEditableTeam } from './find-team';
import { teamDescription, teamIdParams, teamName } from './team-fields';
import { loadTeamView } from './team-view';

export const updateTeamBody = z.object({ name: teamName, description: teamDescription });

/** An admin renames a team and sets its description (none when left out or blank). Managed teams: 403. */
export async function updateTeam(ctx: Ctx, input: z.output<typeof updateTeamBody> & z.output<typeof teamIdParams>) {
  try {
    return await ctx.db.$transaction(async (tx) => {
      await findEditableTeam(tx, ctx, input.id);
      await assertUniqueTeamName(tx, ctx, input.name, input.id);
      await tx.team.update({ where: { id: input.id }, data: { name: input.name, description: input.description } });
      return loadTeamView(tx, ctx, input.id);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw teamExists(input.name);
    throw error;
  }
}
