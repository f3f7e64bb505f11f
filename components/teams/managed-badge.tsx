import { useTranslations } from 'next-intl';
import { LockIcon } from '@/components/ui/icons';
import styles from './teams.module.css';

/** Marks a team the directory service manages (read-only here, spec §6). */
export function ManagedBadge() {
  const t = useTranslations('teams');
  return (
    <span className={styles.badge} title={t('managedHint')}>
      <LockIcon size={14} />
      {t('managed')}
    </span>
  );
}
