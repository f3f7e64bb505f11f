'use client';

import { useTranslations } from 'next-intl';
import { Loading } from '@/components/ui/load-states';
import styles from './map.module.css';

/** The map's box while its code loads. */
export function MapPlaceholder({ className }: { className?: string }) {
  const t = useTranslations('map');
  return (
    <div className={`${styles.map} ${className ?? ''}`} data-map-state="loading">
      <Loading label={t('loading')} className={styles.loading} />
    </div>
  );
}
