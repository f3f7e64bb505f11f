import type { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import type { UserCtx } from '@/lib/context';
import { isUniqueViolation } from '@/lib/db/is-unique-violation';
import { deviceColumns, type deviceBody, type deviceIdParams } from './device-body';
import { deviceView } from './device-view';
import { findOwnDevice } from './find-own-device';

/** Changes the caller's device, e.g. a renewed push token or a new app version. */
export async function updateDevice(ctx: UserCtx, input: z.output<typeof deviceBody> & z.output<typeof deviceIdParams>) {
  await findOwnDevice(ctx, input.id);
  try {
    const device = await ctx.db.device.update({
      where: { id: input.id },
      data: deviceColumns(input, ctx.userId, ctx.now),
    });
    return deviceView(device);
  } catch (error) {
    if (isUniqueViolation(error))
      throw ApiError.conflict('The push token belongs to another device: register it instead').with({
        code: 'pushTokenTaken',
      });
    throw error;
  }
}
