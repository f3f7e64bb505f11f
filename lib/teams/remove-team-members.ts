import type { z } from 'zod';
import type { Ctx } from '@/lib/context';
import { assertActiveMembers } from './assert-active-members';
import { findEditableTeam } from './find-team';
import type { teamMembersBody } from './team-members-body';
import { loadTeamView } from './team-view';

/** Takes people out of a team (they stay in the company); ids of members not in the team change nothing. */
export async function removeTeamMembers(ctx: Ctx, input: z.output<typeof teamMembersBody>) {
  return ctx.db.$transaction(async (tx) => {
    await findEditableTeam(tx, ctx, input.teamId);
    const userIds = await assertActiveMembers(tx, ctx, input.members);
    await tx.teamMember.deleteMany({ where: { teamId: input.teamId, userId: { in: userIds } } });
    return loadTeamView(tx, ctx, input.teamId);
  });
}
