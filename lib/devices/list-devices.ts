import type { UserCtx } from '@/lib/context';
import { deviceView } from './device-view';

export async function listDevices(ctx: UserCtx) {
  const devices = await ctx.db.device.findMany({ where: { userId: ctx.userId }, orderBy: { createdAt: 'asc' } });
  return { devices: devices.map(deviceView) };
}
