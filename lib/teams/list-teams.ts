import { z } from 'zod';
import type { Ctx } from '@/lib/context';
import { LONG_LIST_PAGE_SIZE, pageWindow, pagingQuery } from '@/lib/http-parts/paging';
import { teamView, teamWithMembers } from './team-view';

export const MAX_PROFILE_PHOTOS = 10;

export const listTeamsQuery = pagingQuery(LONG_LIST_PAGE_SIZE).extend({
  profilePhotosCount: z.coerce.number().int().min(0).max(MAX_PROFILE_PHOTOS).default(0),
});

/** The company's teams by name regardless of case, one page of them, each with up to `profilePhotosCount` member photos. */
export async function listTeams(ctx: Ctx, input: z.output<typeof listTeamsQuery>) {
  const { skip, take } = pageWindow(input);
  // Prisma cannot order case-insensitively, and the database's collation may be "C" (uppercase first): order by lower().
  const [page, total] = await Promise.all([
    ctx.db.$queryRaw<{ id: string }[]>`
      SELECT id FROM "Team" WHERE "companyId" = ${ctx.company.id}::uuid ORDER BY lower(name), name, id LIMIT ${take} OFFSET ${skip}`,
    ctx.db.team.count({ where: { companyId: ctx.company.id } }),
  ]);
  const position = new Map(page.map((row, index) => [row.id, index]));
  const teams = await ctx.db.team.findMany({
    where: { id: { in: [...position.keys()] } },
    include: teamWithMembers(ctx.company.id),
  });
  teams.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
  return {
    teams: await Promise.all(teams.map((team) => teamView(team, input.profilePhotosCount))),
    page: input.page,
    pageSize: input.pageSize,
    total,
  };
}
