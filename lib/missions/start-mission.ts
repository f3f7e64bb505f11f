import { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import type { Ctx } from '@/lib/context';
import { emitCompanyEvent } from '@/lib/realtime/emit-company-event';
import { ACTIVE_MISSION_STATUSES } from './active-missions';
import { missionUser, missionView } from './mission-view';
import { scheduleMissionAlarm } from './schedule-mission-alarm';

/** The longest mission a lone worker can start: a week. */
export const MAX_MISSION_MS = 7 * 24 * 60 * 60 * 1000;

export const startMissionBody = z.object({
  endTime: z.iso.datetime({ offset: true }).transform((value) => new Date(value)),
  description: z
    .string()
    .trim()
    .max(500)
    .nullish()
    .transform((value) => value || null),
  deviceId: z.uuid().nullish(),
});

/**
 * A lone worker starts a mission from the app: if it is not finished by its end time, a mission alarm goes to the
 * company's mission alarm subscribers (else its admins). One active mission per person and company.
 */
export async function startMission(ctx: Ctx, input: z.output<typeof startMissionBody>) {
  if (input.endTime <= ctx.now)
    throw ApiError.badRequest('endTime must be in the future').with({ code: 'endTimePassed' });
  if (input.endTime.getTime() - ctx.now.getTime() > MAX_MISSION_MS)
    throw ApiError.badRequest('A mission lasts at most 7 days').with({ code: 'missionTooLong' });
  if (
    input.deviceId &&
    !(await ctx.db.device.findFirst({ where: { id: input.deviceId, userId: ctx.userId }, select: { id: true } }))
  ) {
    throw ApiError.notFound('The device');
  }
  const mission = await ctx.db.$transaction(async (tx) => {
    // The person's membership row serialises two starts sent at once.
    await tx.$executeRaw`SELECT 1 FROM "Membership" WHERE "companyId" = ${ctx.company.id}::uuid AND "userId" = ${ctx.userId}::uuid FOR UPDATE`;
    // An overdue mission counts too: the person finishes it first (the app shows it as their active mission).
    const active = await tx.mission.count({
      where: { companyId: ctx.company.id, userId: ctx.userId, status: { in: ACTIVE_MISSION_STATUSES } },
    });
    if (active)
      throw ApiError.conflict('You already have a mission going on: finish it first').with({ code: 'missionOngoing' });
    return tx.mission.create({
      data: {
        companyId: ctx.company.id,
        userId: ctx.userId,
        deviceId: input.deviceId ?? null,
        description: input.description,
        endTime: input.endTime,
        startedAt: ctx.now,
      },
      include: { user: missionUser },
    });
  });
  await scheduleMissionAlarm(mission, ctx.now);
  emitCompanyEvent('newMission', ctx.company.id, { missionId: mission.id });
  return missionView(mission, ctx.now);
}
