import { z } from 'zod';
import type { IotAction } from '@/lib/generated/prisma/enums';

export const IOT_ACTIONS = ['click', 'hold', 'doubleclick'] as const satisfies readonly IotAction[];

export const iotDeviceIdParams = z.object({ id: z.uuid() });

const scenarioId = z
  .uuid()
  .nullish()
  .transform((value) => value ?? null);

/**
 * PUT /api/iotDevices/{id}: creates the button (a new id, with a `code` from GET /api/iotDevices/code) or changes it
 * (with a `code`: the code is replaced). Each action starts the named scenario, or nothing when null or left out.
 */
export const iotDeviceBody = z.object({
  name: z.string().trim().min(1).max(100),
  code: z.string().trim().min(1).max(200).optional(),
  clickScenarioId: scenarioId,
  holdScenarioId: scenarioId,
  doubleClickScenarioId: scenarioId,
});

export type IotDeviceBody = z.output<typeof iotDeviceBody>;
