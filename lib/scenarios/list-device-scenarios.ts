import type { z } from 'zod';
import type { Ctx } from '@/lib/context';
import type { deviceIdParams } from '@/lib/devices/device-body';
import { findOwnDevice } from '@/lib/devices/find-own-device';
import { listScenarios } from './list-scenarios';
import { FRONT_PAGE_SCENARIOS } from './scenario-rules';

/**
 * GET /api/devices/{id}/scenarios: the company's scenarios for the caller's phone, in sort order, the first 3 marked
 * `frontPage`. Every member may start every scenario (docs/decisions.md), so all are listed; `hasValidTarget` tells the
 * app which ones a start would refuse.
 */
export async function listDeviceScenarios(ctx: Ctx, input: z.output<typeof deviceIdParams>) {
  await findOwnDevice(ctx, input.id);
  const { items } = await listScenarios(ctx);
  return { items: items.map((scenario, index) => ({ ...scenario, frontPage: index < FRONT_PAGE_SCENARIOS })) };
}
