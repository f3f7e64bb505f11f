import type { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import { isAdmin } from '@/lib/auth/roles';
import type { Ctx } from '@/lib/context';
import { emitCompanyEvent } from '@/lib/realtime/emit-company-event';
import { ACTIVE_MISSION_STATUSES } from './active-missions';
import type { missionIdParams } from './finish-mission';
import { missionUser, missionView } from './mission-view';
import { scheduleMissionAlarm } from './schedule-mission-alarm';
import { MAX_MISSION_MS, startMissionBody } from './start-mission';

export const extendMissionBody = startMissionBody.pick({ endTime: true });

/** An end time moved closer than this would raise the alarm before the person could notice a slip of the finger. */
export const MIN_MISSION_END_AHEAD_MS = 60_000;

/**
 * PUT /api/missions/{id}: the mission's own person moves its end time, later or earlier (at least a minute ahead, and
 * no later than a mission started now could end). The alarm and the person's warning follow: jobs of the new end time
 * are queued, the previous ones taken back, and whichever job runs judges by the mission's current end time. An
 * expired mission (its alarm raised) goes on again until its new end time and keeps its expiredAt; a finished one
 * answers 409 `missionNotOngoing`, as finishing does.
 */
export async function extendMission(
  ctx: Ctx,
  input: z.output<typeof missionIdParams> & z.output<typeof extendMissionBody>,
) {
  const ahead = input.endTime.getTime() - ctx.now.getTime();
  if (ahead <= 0) throw ApiError.badRequest('endTime must be in the future').with({ code: 'endTimePassed' });
  if (ahead < MIN_MISSION_END_AHEAD_MS)
    throw ApiError.badRequest('endTime must be at least 1 minute from now').with({ code: 'endTimeTooSoon' });
  if (ahead > MAX_MISSION_MS)
    throw ApiError.badRequest('A mission ends at most 7 days from now').with({ code: 'missionTooLong' });
  const mission = await ctx.db.mission.findFirst({
    where: { id: input.id, companyId: ctx.company.id },
    select: { id: true, userId: true, endTime: true, startedAt: true },
  });
  if (!mission || (mission.userId !== ctx.userId && !isAdmin(ctx.role))) throw ApiError.notFound('The mission');
  // Admins see the mission, but its end time is the worker's own word that they are safe until then.
  if (mission.userId !== ctx.userId)
    throw ApiError.forbidden('Only the person on the mission can change its end time').with({ code: 'notYourMission' });
  const moved = await ctx.db.mission.updateMany({
    where: { id: mission.id, status: { in: ACTIVE_MISSION_STATUSES } },
    data: { endTime: input.endTime, status: 'ongoing' },
  });
  if (!moved.count) throw ApiError.conflict('The mission is not going on any more').with({ code: 'missionNotOngoing' });
  await scheduleMissionAlarm(
    { id: mission.id, endTime: input.endTime, startedAt: mission.startedAt },
    ctx.now,
    mission.endTime,
  );
  // The consoles show end times: they reload their missions as for a new one.
  emitCompanyEvent('newMission', ctx.company.id, { missionId: mission.id });
  return missionView(
    await ctx.db.mission.findUniqueOrThrow({ where: { id: mission.id }, include: { user: missionUser } }),
    ctx.now,
  );
}
