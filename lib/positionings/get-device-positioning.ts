import type { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import type { UserCtx } from '@/lib/context';
import { findOwnDevice } from '@/lib/devices/find-own-device';
import { devicePositioningSelect, devicePositioningView } from './device-positioning-view';
import type { positioningAnswerParams } from './positioning-body';

/**
 * GET /api/devices/{id}/positionings/{positioningId}: one request to this device of the caller, also once answered or
 * past its answer time (a notification tapped late says so instead of offering an answer that would not count).
 */
export async function getDevicePositioning(ctx: UserCtx, input: z.output<typeof positioningAnswerParams>) {
  const device = await findOwnDevice(ctx, input.id);
  const row = await ctx.db.positioningResult.findFirst({
    where: { positioningId: input.positioningId, deviceId: device.id, userId: ctx.userId },
    select: devicePositioningSelect,
  });
  if (!row) throw ApiError.notFound('The positioning');
  return devicePositioningView(row, ctx.now);
}
