'use client';

import { useTranslations } from 'next-intl';
import type { Geofence } from '@/lib/geo/geofence';
import styles from './geofence-summary.module.css';

/** "Circle · Radius 1.5 km" or "Polygon · 5 corners". */
export function GeofenceSummary({ geofence }: { geofence: Geofence }) {
  const t = useTranslations('locations');
  if (geofence.type === 'polygon') return <>{`${t('polygon')} · ${t('corners', { count: geofence.points.length })}`}</>;
  const size =
    geofence.radius < 1_000
      ? t('radiusMetres', { radius: Math.round(geofence.radius) })
      : t('radiusKilometres', { radius: Math.round(geofence.radius / 100) / 10 });
  return <>{`${t('circle')} · ${size}`}</>;
}

/** Above a drawing map: the area's label and, announced as it changes, what is drawn (or `noArea`). */
export function DrawnArea({
  label,
  geofence,
  noArea,
  describedBy,
}: {
  label: string;
  geofence: Geofence | null;
  noArea: string;
  describedBy?: string;
}) {
  return (
    <div className={styles.areaHeading} aria-describedby={describedBy}>
      <span className={styles.areaLabel}>{label}</span>
      <span className={styles.areaValue} aria-live="polite" data-testid="drawn-area">
        {geofence ? <GeofenceSummary geofence={geofence} /> : noArea}
      </span>
    </div>
  );
}
