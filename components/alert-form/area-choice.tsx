'use client';

import { useTranslations } from 'next-intl';
import { DrawnArea } from '@/components/ui/geofence-summary';
import { GeofenceDrawView } from '@/components/map/geofence-draw-view';
import { WIDE_VIEW_PADDING } from '@/components/map/map-constants';
import { TextField } from '@/components/ui/form';
import type { Geofence } from '@/lib/geo/geofence';
import { MAX_AREA_NAME } from './alert-form';
import styles from './alert-form.module.css';

/** An area drawn on the map (a circle or a polygon) and its optional name; without a name it is a custom location. */
export function AreaChoice({
  area,
  name,
  onArea,
  onName,
  errorId,
}: {
  area: Geofence | null;
  name: string;
  onArea: (area: Geofence | null) => void;
  onName: (name: string) => void;
  errorId?: string;
}) {
  const t = useTranslations('newAlert.recipients');
  return (
    <div className={styles.areaChoice}>
      <DrawnArea label={t('areaLabel')} geofence={area} noArea={t('noArea')} describedBy={errorId} />
      <p className="field-hint">{t('areaHint')}</p>
      <GeofenceDrawView
        label={t('areaMapLabel')}
        value={area}
        onChange={onArea}
        padding={WIDE_VIEW_PADDING}
        className={styles.map}
      />
      <TextField
        label={t('areaName')}
        name="areaName"
        value={name}
        onChange={onName}
        hint={t('areaNameHint')}
        autoComplete="off"
        maxLength={MAX_AREA_NAME}
      />
    </div>
  );
}
