'use client';

import { useTranslations } from 'next-intl';
import { CheckboxField } from '@/components/ui/form';
import type { MyPosition } from '@/components/ui/use-my-position';

/** "Include my position" (the browser's geolocation, with its refusal explained) and simulation mode. */
export function OptionsFields({
  position,
  onPosition,
  simulationMode,
  onSimulationMode,
}: {
  position: MyPosition;
  onPosition: (on: boolean) => void;
  simulationMode: boolean;
  onSimulationMode: (on: boolean) => void;
}) {
  const t = useTranslations('newAlert.options');
  const positionHint =
    position.status === 'locating'
      ? t('locating')
      : position.status === 'on'
        ? position.position.accuracy !== undefined
          ? t('positionFound', { accuracy: position.position.accuracy })
          : t('positionIncluded')
        : t('positionHint');
  return (
    <>
      <CheckboxField
        label={t('includePosition')}
        name="includePosition"
        checked={position.status === 'on' || position.status === 'locating'}
        onChange={onPosition}
        hint={position.status === 'failed' ? undefined : positionHint}
        error={position.status === 'failed' ? t(`positionFailed.${position.reason}`) : undefined}
      />
      <CheckboxField
        label={t('simulationMode')}
        name="simulationMode"
        checked={simulationMode}
        onChange={onSimulationMode}
        hint={t('simulationHint')}
      />
    </>
  );
}
