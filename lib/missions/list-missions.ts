import { z } from 'zod';
import type { Ctx } from '@/lib/context';
import { pageWindow, pagingQuery } from '@/lib/http/paging';
import { missionUser, missionView } from './mission-view';

export const listFinishedMissionsQuery = pagingQuery(25).extend({ includeTotal: z.stringbool().default(false) });

/** The company's ongoing missions, the one ending first on top. */
export async function listActiveMissions(ctx: Ctx) {
  const missions = await ctx.db.mission.findMany({
    where: { companyId: ctx.company.id, status: 'ongoing' },
    orderBy: { endTime: 'asc' },
    include: { user: missionUser },
  });
  return { items: await Promise.all(missions.map(missionView)) };
}

/** Finished and expired missions, newest first. */
export async function listFinishedMissions(ctx: Ctx, input: z.output<typeof listFinishedMissionsQuery>) {
  const where = { companyId: ctx.company.id, status: { in: ['finished' as const, 'expired' as const] } };
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
    items: await Promise.all(missions.map(missionView)),
    page: input.page,
    pageSize: input.pageSize,
    ...(total === undefined ? {} : { total }),
  };
}

/** The caller's own ongoing mission in this company, for the app. */
export async function getMyActiveMission(ctx: Ctx) {
  const mission = await ctx.db.mission.findFirst({
    where: { companyId: ctx.company.id, userId: ctx.userId, status: 'ongoing' },
    include: { user: missionUser },
  });
  return { mission: mission ? await missionView(mission) : null };
}
