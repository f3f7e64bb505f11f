import type { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import type { UserCtx } from '@/lib/context';
import { findOwnDevice } from '@/lib/devices/find-own-device';
import { pointInGeofence } from '@/lib/geo/point-in-geofence';
import type { PositioningResultState } from '@/lib/generated/prisma/enums';
import { emitCompanyEvent } from '@/lib/realtime/emit-company-event';
import { alertTarget } from '@/lib/targeting/alert-target';
import { targetAreas } from '@/lib/targeting/resolve-recipients';
import type { positioningAnswerBody, positioningAnswerParams } from './positioning-body';

/**
 * The app answers a positioning request for one of the caller's devices: its position (found; with an area in the
 * target, inside or not in it) or that its person declines (not reached). Only a device that was asked, and only its
 * first answer before the answer time counts: anything else changes nothing (`accepted: false`).
 */
export async function answerPositioning(
  ctx: UserCtx,
  input: z.output<typeof positioningAnswerParams> & z.output<typeof positioningAnswerBody>,
) {
  const device = await findOwnDevice(ctx, input.id);
  const result = await ctx.db.positioningResult.findFirst({
    where: { positioningId: input.positioningId, deviceId: device.id, userId: ctx.userId },
    select: { id: true, positioning: { select: { companyId: true, target: true, answerBy: true } } },
  });
  if (!result) throw ApiError.notFound('The positioning');
  const { positioning } = result;
  const open = ctx.now <= positioning.answerBy;
  const answer = input;
  const update =
    'declined' in answer
      ? { state: 'notReached' as const, declined: true, respondedAt: ctx.now }
      : {
          state: await stateOfPosition(ctx, positioning, answer),
          lat: answer.lat,
          lng: answer.lng,
          accuracy: answer.accuracy ?? null,
          positionedAt: positionTime(answer.positionedAt, ctx.now),
          respondedAt: ctx.now,
        };
  const accepted =
    open &&
    (await ctx.db.$transaction(async (tx) => {
      const taken = await tx.positioningResult.updateMany({ where: { id: result.id, state: 'pending' }, data: update });
      if (taken.count === 0 || 'declined' in answer) return taken.count > 0;
      await tx.position.create({
        data: {
          userId: ctx.userId,
          deviceId: device.id,
          lat: answer.lat,
          lng: answer.lng,
          accuracy: answer.accuracy ?? null,
          source: 'positioning',
          companyId: positioning.companyId,
          recordedAt: positionTime(answer.positionedAt, ctx.now),
        },
      });
      await tx.device.update({ where: { id: device.id }, data: { lastSeenAt: ctx.now } });
      return true;
    }));
  if (accepted) emitCompanyEvent('positioningChanged', positioning.companyId, { positioningId: input.positioningId });
  const stored = await ctx.db.positioningResult.findUniqueOrThrow({
    where: { id: result.id },
    select: { state: true, declined: true, respondedAt: true },
  });
  return {
    accepted,
    state: stored.state,
    declined: stored.declined,
    respondedAt: stored.respondedAt?.toISOString() ?? null,
  };
}

/** A position from the future (a phone's clock ahead) counts as taken now. */
function positionTime(positionedAt: Date | undefined, now: Date): Date {
  return positionedAt && positionedAt < now ? positionedAt : now;
}

async function stateOfPosition(
  ctx: UserCtx,
  positioning: { companyId: string; target: unknown },
  position: { lat: number; lng: number },
): Promise<PositioningResultState> {
  const target = alertTarget.safeParse(positioning.target);
  const areas = target.success ? await targetAreas(ctx.db, positioning.companyId, target.data) : [];
  if (areas.length === 0) return 'found';
  return areas.some((area) => pointInGeofence(position, area)) ? 'withinArea' : 'notInArea';
}
