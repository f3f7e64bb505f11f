import type { z } from 'zod';
import type { UserCtx } from '@/lib/context';
import type { deviceIdParams, positionBody } from './device-body';
import { findOwnDevice } from './find-own-device';

/** The app reports where the phone is: the newest one is the person's last known position (targeting, dashboard map). */
export async function recordPosition(
  ctx: UserCtx,
  input: z.output<typeof positionBody> & z.output<typeof deviceIdParams>,
) {
  await findOwnDevice(ctx, input.id);
  const [position] = await ctx.db.$transaction([
    ctx.db.position.create({
      data: {
        userId: ctx.userId,
        deviceId: input.id,
        lat: input.lat,
        lng: input.lng,
        accuracy: input.accuracy ?? null,
        source: 'app',
        recordedAt: ctx.now,
      },
    }),
    ctx.db.device.update({ where: { id: input.id }, data: { lastSeenAt: ctx.now } }),
  ]);
  return { positionId: position.id, recordedAt: position.recordedAt.toISOString() };
}
