'use client';

import { useTranslations } from 'next-intl';
import type { Geofence } from '@/lib/geo/geofence';

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
