import type { Prisma } from '@/lib/generated/prisma/client';

/** How many of a button's last presses are shown with it. */
const SHOWN_PRESSES = 10;

const scenarioName = { select: { id: true, name: true } } as const;

export const iotDeviceInclude = {
  clickScenario: scenarioName,
  holdScenario: scenarioName,
  doubleClickScenario: scenarioName,
  presses: {
    orderBy: { createdAt: 'desc' },
    take: SHOWN_PRESSES,
    select: { id: true, action: true, result: true, alertId: true, createdAt: true },
  },
} satisfies Prisma.IotDeviceInclude;

type IotDeviceRow = Prisma.IotDeviceGetPayload<{ include: typeof iotDeviceInclude }>;

/** A button as the API shows it: never its code, only the code's first characters. */
export function iotDeviceView(device: IotDeviceRow) {
  return {
    id: device.id,
    name: device.name,
    codePrefix: device.codePrefix,
    clickScenario: device.clickScenario,
    holdScenario: device.holdScenario,
    doubleClickScenario: device.doubleClickScenario,
    lastEventAt: device.lastEventAt?.toISOString() ?? null,
    createdAt: device.createdAt.toISOString(),
    presses: device.presses.map((press) => ({
      id: press.id,
      action: press.action,
      result: press.result,
      alertId: press.alertId,
      at: press.createdAt.toISOString(),
    })),
  };
}

export type IotDeviceView = ReturnType<typeof iotDeviceView>;
