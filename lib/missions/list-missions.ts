import { z } from 'zod';
import type { Ctx } from '@/lib/context';
import { pageWindow, pagingQuery } from '@/lib/http-parts/paging';
import { findActiveMissions } from './active-missions';
import { missionUser, missionView } from './mission-view';

export const listFinishedMissionsQuery = pagingQuery(25).extend({ includeTotal: z.stringbool().default(false) });

/** The company's active missions (overdue ones included, marked), the one ending first on top. */
export async function listActiveMissions(ctx: Ctx) {
  const missions = await findActiveMissions(ctx);
  return { items: await Promise.all(missions.map((mission) => missionView(mission, ctx.now))) };
}

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

/** The caller's own active mission in this company, for the app: also an overdue one, so that it can be finished. */
export async function getMyActiveMission(ctx: Ctx) {
  const [mission] = await findActiveMissions(ctx, ctx.userId);
  return { mission: mission ? await missionView(mission, ctx.now) : null };
}
