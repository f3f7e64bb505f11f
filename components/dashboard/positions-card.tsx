'use client';

import { useTranslations } from 'next-intl';
import { MapView, type MapMarker } from '@/components/map/map-view';
import type { DashPosition } from './dashboard-api';
import { DashboardCard } from './dashboard-card';
import styles from './dashboard.module.css';

/** Admins: the map of last known positions (spec §2 Dashboard), one pin per device, labelled with person and device. */
export function PositionsCard({ positions }: { positions: DashPosition[] }) {
  const t = useTranslations('dashboard.positions');
  const markers: MapMarker[] = positions.map((position, index) => ({
    id: `${index}:${position.userName}:${position.deviceName ?? ''}`,
    lat: position.lat,
    lng: position.lng,
    name: position.deviceName
      ? t('withDevice', { user: position.userName, device: position.deviceName })
      : position.userName,
  }));
  return (
    <DashboardCard
      name="positions"
      title={t('title')}
      badge={<span className={styles.countBadge}>{t('count', { count: positions.length })}</span>}
    >
      <MapView label={t('mapLabel')} markers={markers} />
      {positions.length === 0 && <p className={styles.empty}>{t('empty')}</p>}
    </DashboardCard>
  );
}
