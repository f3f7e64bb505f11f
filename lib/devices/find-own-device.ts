import { ApiError } from '@/lib/api-error';
import type { UserCtx } from '@/lib/context';

/** The caller's device by id; another person's device is as unknown as a missing one. */
export async function findOwnDevice(ctx: UserCtx, id: string) {
  const device = await ctx.db.device.findFirst({ where: { id, userId: ctx.userId } });
  if (!device) throw ApiError.notFound('The device');
  return device;
}
