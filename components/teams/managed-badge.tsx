import { useTranslations } from 'next-intl';
import styles from './teams.module.css';

/** Marks a team the directory service manages (read-only here, spec §6). */
export function ManagedBadge() {
  const t = useTranslations('teams');
  return (
    <span className={styles.badge} title={t('managedHint')}>
      <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <rect x="4" y="11" width="16" height="10" rx="2" />
        <path d="M8 11V7a4 4 0 0 1 8 0v4" />
      </svg>
      {t('managed')}
    </span>
  );
}
