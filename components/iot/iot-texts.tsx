'use client';

import { useTranslations } from 'next-intl';
import type { IotDevice, IotPress } from './iot-api';

/** The three actions of a button, in the order the screens show them, with the scenario each starts. */
export const ACTIONS = [
  { action: 'click', scenarioOf: (device: IotDevice) => device.clickScenario, field: 'clickScenarioId' },
  { action: 'hold', scenarioOf: (device: IotDevice) => device.holdScenario, field: 'holdScenarioId' },
  {
    action: 'doubleclick',
    scenarioOf: (device: IotDevice) => device.doubleClickScenario,
    field: 'doubleClickScenarioId',
  },
] as const;

/** What a press did, in words. */
export function PressResult({ press }: { press: Pick<IotPress, 'result'> }) {
  const t = useTranslations('iotDevices.results');
  return <>{t(press.result)}</>;
}
