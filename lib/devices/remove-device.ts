import type { z } from 'zod';
import type { UserCtx } from '@/lib/context';
import type { deviceIdParams } from './device-body';
import { findOwnDevice } from './find-own-device';

/** Forgets the caller's device (logout in the app, uninstall): it gets no more pushes. */
export async function removeDevice(ctx: UserCtx, input: z.output<typeof deviceIdParams>) {
  await findOwnDevice(ctx, input.id);
  await ctx.db.device.delete({ where: { id: input.id } });
  return {};
}
