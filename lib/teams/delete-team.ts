import type { z } from 'zod';
import type { Ctx } from '@/lib/context';
import { findEditableTeam } from './find-team';
import type { teamIdParams } from './team-fields';

/** An admin deletes a team (its memberships go with it; the people stay in the company). Managed teams: 403. */
export async function deleteTeam(ctx: Ctx, input: z.output<typeof teamIdParams>) {
  await findEditableTeam(ctx.db, ctx, input.id);
  await ctx.db.team.delete({ where: { id: input.id } });
  return {};
}
