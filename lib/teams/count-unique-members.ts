import { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import type { Ctx } from '@/lib/context';
import { activeTeamMember } from './team-view';

export const countUniqueMembersQuery = z.object({
  // ?ids=a&ids=b arrives as an array, a single ?ids=a as a string.
  ids: z
    .union([z.uuid(), z.array(z.uuid()).max(1000)])
    .optional()
    .transform((ids) => [...new Set(ids === undefined ? [] : [ids].flat())]),
});

/** How many distinct active members the given teams reach together (a person in two of them counts once). */
export async function countUniqueMembers(ctx: Ctx, input: z.output<typeof countUniqueMembersQuery>) {
  if (input.ids.length === 0) return { count: 0 };
  const teams = await ctx.db.team.count({ where: { companyId: ctx.company.id, id: { in: input.ids } } });
  if (teams !== input.ids.length) throw ApiError.notFound('The team');
  const members = await ctx.db.teamMember.findMany({
    where: { teamId: { in: input.ids }, ...activeTeamMember(ctx.company.id) },
    distinct: ['userId'],
    select: { userId: true },
  });
  return { count: members.length };
}
