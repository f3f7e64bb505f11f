'use client';

import { useTranslations } from 'next-intl';
import styles from './map.module.css';

/** The map's box while its code loads. */
export function MapPlaceholder({ className }: { className?: string }) {
  const t = useTranslations('map');
  return (
    <div className={`${styles.map} ${className ?? ''}`} data-map-state="loading">
      <p className={styles.loading} role="status">
        <span className="spinner" aria-hidden="true" />
        {t('loading')}
      </p>
    </div>
  );
}
