'use client';

import { useTranslations } from 'next-intl';
import { formatDateTime } from '@/components/ui/format-date';
import styles from './missions.module.css';

/** A time of a mission (DD.MM.YYYY HH:mm), machine-readable too. */
export function DateTime({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatDateTime(iso)}</time>;
}

/** What the worker said they were doing, or that they said nothing. */
export function MissionDescription({ description }: { description: string | null }) {
  const t = useTranslations('missions');
  return description ? (
    <span className={styles.description}>{description}</span>
  ) : (
    <span className={styles.subtle}>{t('noDescription')}</span>
  );
}
