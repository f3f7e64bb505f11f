import { visiblePositionWhere } from '@/lib/devices/visible-positions';
import { z } from 'zod';
import type { Ctx } from '@/lib/context';
import { deviceIdParams } from '@/lib/devices/device-body';
import { findOwnDevice } from '@/lib/devices/find-own-device';
import { findScenario } from './find-scenario';
import { scenarioText, scenarioTitle } from './scenario-fields';
import { startPosition, startScenario } from './start-scenario';

/** A position the phone recorded this recently stands for where it is when the start carries none. */
const RECENT_POSITION_MS = 15 * 60 * 1000;

export const deviceScenarioParams = deviceIdParams.extend({ scenarioId: z.uuid() });

/** The app may send the texts as the person edited them, and where the phone is; the scenario's own texts otherwise. */
export const deviceStartBody = z.object({
  alertTitle: scenarioTitle.optional(),
  alertBody: scenarioText.optional(),
  position: startPosition.nullish(),
});

/**
 * POST /api/devices/{id}/scenarios/{scenarioId}: starts the scenario from the caller's phone, as a start from the
 * console does. With `includePosition`, the alert carries the position sent, else the phone's newest one of the last
 * 15 minutes (none when it has none).
 */
export async function startDeviceScenario(
  ctx: Ctx,
  input: z.output<typeof deviceStartBody> & z.output<typeof deviceScenarioParams>,
) {
  const device = await findOwnDevice(ctx, input.id);
  const scenario = await findScenario(ctx, input.scenarioId);
  const position =
    input.position ??
    (scenario.includePosition
      ? await ctx.db.position.findFirst({
          where: {
            deviceId: device.id,
            ...visiblePositionWhere(ctx.company.id),
            recordedAt: { gte: new Date(ctx.now.getTime() - RECENT_POSITION_MS) },
          },
          orderBy: { recordedAt: 'desc' },
          select: { lat: true, lng: true, accuracy: true },
        })
      : null);
  return startScenario(ctx, {
    id: scenario.id,
    alertTitle: input.alertTitle ?? scenario.title,
    alertBody: input.alertBody ?? scenario.body,
    position,
  });
}
