'use client';

import { useTranslations } from 'next-intl';
import { MapView, type MapMarker } from '@/components/map/map-view';
import type { DashPosition } from './dashboard-api';
import styles from './dashboard.module.css';

/** Admins: the map of last known positions (spec §2 Dashboard), one pin per device, labelled with person and device. */
export function PositionsCard({ positions }: { positions: DashPosition[] }) {
  const t = useTranslations('dashboard.positions');
  const markers: MapMarker[] = positions.map((position, index) => ({
    id: `${index}:${position.userName}:${position.deviceName ?? ''}`,
    lat: position.lat,
    lng: position.lng,
    name: position.deviceName ? t('withDevice', { user: position.userName, device: position.deviceName }) : position.userName,
  }));
  return (
    <section className={`card ${styles.card}`} aria-labelledby="dash-positions" data-testid="positions-card">
      <header className={styles.cardHeader}>
        <h2 id="dash-positions">{t('title')}</h2>
        <span className={styles.countBadge}>{t('count', { count: positions.length })}</span>
      </header>
      <MapView label={t('mapLabel')} markers={markers} />
      {positions.length === 0 && <p className={styles.empty}>{t('empty')}</p>}
    </section>
  );
}
