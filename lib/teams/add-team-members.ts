import type { z } from 'zod';
import type { Ctx } from '@/lib/context';
import { assertActiveMembers } from './assert-active-members';
import { findEditableTeam } from './find-team';
import type { teamMembersBody } from './team-members-body';
import { loadTeamView } from './team-view';

/** Adds active company members to a team; people already in it are left as they are. */
export async function addTeamMembers(ctx: Ctx, input: z.output<typeof teamMembersBody>) {
  return ctx.db.$transaction(async (tx) => {
    await findEditableTeam(tx, ctx, input.teamId);
    const userIds = await assertActiveMembers(tx, ctx, input.members);
    await tx.teamMember.createMany({
      data: userIds.map((userId) => ({ teamId: input.teamId, userId })),
      skipDuplicates: true,
    });
    return loadTeamView(tx, ctx, input.teamId);
  });
}
