import type { z } from 'zod';
import type { UserCtx } from '@/lib/context';
import type { deviceIdParams } from '@/lib/devices/device-body';
import { findOwnDevice } from '@/lib/devices/find-own-device';
import { devicePositioningSelect, devicePositioningView } from './device-positioning-view';

/** Requests stay open for POSITIONING_ANSWER_SECONDS (a minute by default): more than this at once is a flood. */
export const DEVICE_POSITIONINGS_MAX = 20;

/**
 * GET /api/devices/{id}/positionings: the positioning requests this device of the caller can still answer, newest
 * first, from whichever of the person's companies asked (the device belongs to the account, not to a company).
 */
export async function listDevicePositionings(ctx: UserCtx, input: z.output<typeof deviceIdParams>) {
  const device = await findOwnDevice(ctx, input.id);
  const rows = await ctx.db.positioningResult.findMany({
    where: { deviceId: device.id, userId: ctx.userId, state: 'pending', positioning: { answerBy: { gte: ctx.now } } },
    orderBy: [{ positioning: { createdAt: 'desc' } }, { positioningId: 'desc' }],
    take: DEVICE_POSITIONINGS_MAX,
    select: devicePositioningSelect,
  });
  return { items: rows.map((row) => devicePositioningView(row, ctx.now)) };
}
