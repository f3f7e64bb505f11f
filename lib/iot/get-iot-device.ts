import { ApiError } from '@/lib/api-error';
import type { Ctx } from '@/lib/context';
import { iotDeviceInclude, iotDeviceView } from './iot-device-view';

/** GET /api/iotDevices/{id}: the company's button with its last presses; another company's is as unknown as none. */
export async function getIotDevice(ctx: Ctx, { id }: { id: string }) {
  const device = await ctx.db.iotDevice.findFirst({
    where: { id, companyId: ctx.company.id },
    include: iotDeviceInclude,
  });
  if (!device) throw ApiError.notFound('The IoT device');
  return iotDeviceView(device);
}
