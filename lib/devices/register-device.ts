import type { z } from 'zod';
import type { UserCtx } from '@/lib/context';
import { deviceColumns, type deviceBody } from './device-body';
import { deviceView } from './device-view';

/**
 * Registers the caller's phone or browser. A push token identifies a phone: registering a known token again updates
 * that device (and moves it to the caller, when the phone changed hands), so a reinstall never leaves a twin that
 * would get every alert twice. A browser is recognised by its Web Push endpoint.
 */
export async function registerDevice(ctx: UserCtx, input: z.output<typeof deviceBody>) {
  const fields = deviceColumns(input, ctx.userId, ctx.now);
  if (input.pushToken) {
    const device = await ctx.db.device.upsert({
      where: { pushToken: input.pushToken },
      create: fields,
      update: fields,
    });
    return deviceView(device);
  }
  const endpoint = input.pushSubscription?.endpoint;
  const known = endpoint
    ? await ctx.db.device.findFirst({
        where: { userId: ctx.userId, pushSubscription: { path: ['endpoint'], equals: endpoint } },
      })
    : null;
  const device = known
    ? await ctx.db.device.update({ where: { id: known.id }, data: fields })
    : await ctx.db.device.create({ data: fields });
  return deviceView(device);
}
