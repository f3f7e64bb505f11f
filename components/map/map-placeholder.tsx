'use client';

import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { Loading } from '@/components/ui/load-states';
import { loadMapConfig } from './map-config';
import styles from './map.module.css';

/** The map's box while its code loads; it asks for the map's configuration meanwhile. */
export function MapPlaceholder({ className }: { className?: string }) {
  const t = useTranslations('map');
  useEffect(() => {
    void loadMapConfig();
  }, []);
  return (
    <div className={`${styles.map} ${className ?? ''}`} data-map-state="loading">
      <Loading label={t('loading')} className={styles.loading} />
    </div>
  );
}
