import { z } from 'zod';
import type { Ctx } from '@/lib/context';
import { pageWindow, pagingQuery } from '@/lib/http-parts/paging';
import { missionUser, missionView } from './mission-view';

export const listFinishedMissionsQuery = pagingQuery(25).extend({ includeTotal: z.stringbool().default(false) });

/** Finished missions (also those that expired first: their expiredAt stays), newest first. */
export async function listFinishedMissions(ctx: Ctx, input: z.output<typeof listFinishedMissionsQuery>) {
  const where = { companyId: ctx.company.id, status: 'finished' as const };
  const [missions, total] = await Promise.all([
    ctx.db.mission.findMany({
      where,
      orderBy: { endTime: 'desc' },
      include: { user: missionUser },
      ...pageWindow(input),
    }),
    input.includeTotal ? ctx.db.mission.count({ where }) : undefined,
  ]);
  return {
    items: await Promise.all(missions.map((mission) => missionView(mission, ctx.now))),
    page: input.page,
    pageSize: input.pageSize,
    ...(total === undefined ? {} : { total }),
  };
}
