import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { AlertEmblem, AreaIcon, PinIcon } from './alert-emblem';
import type { DashAlert } from './dash-data';
import { formatAlertDate } from './format-date';
import { Person } from './person';
import styles from './dashboard.module.css';

/**
 * Spec §2 Alert card: emblem by type, title, location-restricted and author-position icons, the message on one line
 * (or three), the date DD.MM.YYYY HH:mm and optionally the sender. Opens /alerts/{id}.
 */
export function AlertCard({ alert, lines = 1, showSender = true }: { alert: DashAlert; lines?: 1 | 3; showSender?: boolean }) {
  const t = useTranslations('alerts');
  const typeLabel = t.has(`types.${alert.alertType}`) ? t(`types.${alert.alertType}`) : alert.alertType;
  return (
    <Link href={`/alerts/${alert.id}`} className={styles.alertCard}>
      <AlertEmblem type={alert.alertType} label={typeLabel} />
      <span className={styles.alertBody}>
        <span className={styles.alertTitleRow}>
          <span className={styles.alertTitle}>{alert.title}</span>
          {alert.isLocationRestricted && (
            <span className={styles.alertFlag} title={t('locationRestricted')}>
              <AreaIcon />
              <span className="sr-only">{t('locationRestricted')}</span>
            </span>
          )}
          {alert.containsAuthorLocation && (
            <span className={styles.alertFlag} title={t('authorLocation')}>
              <PinIcon />
              <span className="sr-only">{t('authorLocation')}</span>
            </span>
          )}
          {alert.status === 'active' && <span className={styles.activeTag}>{t('active')}</span>}
        </span>
        <span className={lines === 1 ? styles.alertMessage : `${styles.alertMessage} ${styles.threeLines}`}>{alert.message}</span>
        <span className={styles.alertMeta}>
          <time dateTime={alert.created}>{formatAlertDate(alert.created)}</time>
          {showSender && alert.user && <Person name={alert.user.name} photo={alert.user.profilePhoto} />}
        </span>
      </span>
    </Link>
  );
}
