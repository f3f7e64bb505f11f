import type { Ctx } from '@/lib/context';
import { iotDeviceInclude, iotDeviceView } from './iot-device-view';

/** GET /api/iotDevices: the company's buttons by name, each with its last presses. */
export async function listIotDevices(ctx: Ctx) {
  const devices = await ctx.db.iotDevice.findMany({
    where: { companyId: ctx.company.id },
    include: iotDeviceInclude,
    orderBy: [{ name: 'asc' }, { createdAt: 'asc' }],
  });
  return { items: devices.map(iotDeviceView) };
}
