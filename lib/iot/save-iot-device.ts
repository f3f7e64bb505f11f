import { ApiError } from '@/lib/api-error';
import type { Ctx } from '@/lib/context';
import { claimPairingCode } from './iot-code';
import type { IotDeviceBody } from './iot-device-fields';
import { getIotDevice } from './get-iot-device';

/**
 * PUT /api/iotDevices/{id}: a new id creates the button (its `code` required, from GET /api/iotDevices/code); the
 * company's button is changed (a `code` replaces its code). Every scenario must be the company's (404 otherwise).
 * Another company's button is as unknown as none: 404, never a second row with its id.
 */
export async function saveIotDevice(ctx: Ctx, input: IotDeviceBody & { id: string }) {
  const existing = await ctx.db.iotDevice.findUnique({ where: { id: input.id }, select: { companyId: true } });
  if (existing && existing.companyId !== ctx.company.id) throw ApiError.notFound('The IoT device');
  const scenarios = {
    clickScenarioId: input.clickScenarioId,
    holdScenarioId: input.holdScenarioId,
    doubleClickScenarioId: input.doubleClickScenarioId,
  };
  await assertOwnScenarios(ctx, Object.values(scenarios));
  const code = input.code ? await claimPairingCode(ctx.company.id, input.code) : null;
  const fields = { name: input.name, ...scenarios, ...code };
  if (existing) await ctx.db.iotDevice.update({ where: { id: input.id }, data: fields });
  else if (code)
    await ctx.db.iotDevice.create({ data: { ...fields, ...code, id: input.id, companyId: ctx.company.id } });
  else {
    throw ApiError.badRequest('A new IoT device needs a code from GET /api/iotDevices/code').with({
      code: 'iotCodeRequired',
    });
  }
  return getIotDevice(ctx, input);
}

async function assertOwnScenarios(ctx: Ctx, ids: (string | null)[]) {
  const named = [...new Set(ids.filter((id): id is string => id !== null))];
  if (named.length === 0) return;
  const found = await ctx.db.scenario.count({ where: { id: { in: named }, companyId: ctx.company.id } });
  if (found !== named.length) throw ApiError.notFound('The scenario');
}
