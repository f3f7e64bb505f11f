import { ApiError } from '@/lib/api-error';
import type { Ctx } from '@/lib/context';

/** DELETE /api/iotDevices/{id}: the button and its presses; its code is unknown from then on. */
export async function deleteIotDevice(ctx: Ctx, { id }: { id: string }) {
  const deleted = await ctx.db.iotDevice.deleteMany({ where: { id, companyId: ctx.company.id } });
  if (deleted.count === 0) throw ApiError.notFound('The IoT device');
  return { deleted: true };
}
