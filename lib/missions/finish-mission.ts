import { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import { isAdmin } from '@/lib/auth/roles';
import type { Ctx } from '@/lib/context';
import { emitCompanyEvent } from '@/lib/realtime/emit-company-event';
import { ACTIVE_MISSION_STATUSES } from './active-missions';
import { missionUser, missionView } from './mission-view';

export const missionIdParams = z.object({ id: z.uuid() });

/**
 * The worker is safe (or an admin ends the mission for them): no alarm will follow. An expired mission (its alarm
 * raised) is finished the same way and keeps its expiredAt; a finished one answers 409 `missionNotOngoing`.
 */
export async function finishMission(ctx: Ctx, input: z.output<typeof missionIdParams>) {
  const mission = await ctx.db.mission.findFirst({ where: { id: input.id, companyId: ctx.company.id } });
  if (!mission || (mission.userId !== ctx.userId && !isAdmin(ctx.role))) throw ApiError.notFound('The mission');
  const finished = await ctx.db.mission.updateMany({
    where: { id: mission.id, status: { in: ACTIVE_MISSION_STATUSES } },
    data: { status: 'finished', finishedAt: ctx.now },
  });
  if (!finished.count)
    throw ApiError.conflict('The mission is not going on any more').with({ code: 'missionNotOngoing' });
  emitCompanyEvent('missionFinished', ctx.company.id, { missionId: mission.id });
  return missionView(
    await ctx.db.mission.findUniqueOrThrow({ where: { id: mission.id }, include: { user: missionUser } }),
    ctx.now,
  );
}
