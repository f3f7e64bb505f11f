import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { Person } from './person';
import { AlertEmblem } from './alert-emblem';
import { AreaIcon, PinIcon } from './icons';
import { formatDateTime } from './format-date';
import styles from './alert-card.module.css';

/** What an alert card shows: an alert of the log (spec §3 Alert list) or of the dashboard. */
export interface CardAlert {
  id: string;
  /** The shown type: urgentAlert, alarm, sos or missionAlarm. */
  type: string;
  status: string;
  title: string;
  message: string;
  /** When it was sent (ISO). */
  date: string;
  isLocationRestricted: boolean;
  containsAuthorLocation: boolean;
  simulationMode?: boolean;
  user: { name: string; profilePhoto: string | null } | null;
}

/**
 * Spec §2 Alert card: emblem by type, title, location-restricted and author-position icons, the type by name and a
 * badge for an active or a closed alert, the message on one line (or three), the date DD.MM.YYYY HH:mm and optionally
 * the sender (a button that started it by its name). Opens /alerts/{id}.
 */
export function AlertCard({
  alert,
  lines = 1,
  showSender = true,
}: {
  alert: CardAlert;
  lines?: 1 | 3;
  showSender?: boolean;
}) {
  const t = useTranslations('alerts');
  const typeLabel = t.has(`types.${alert.type}`) ? t(`types.${alert.type}`) : alert.type;
  return (
    <Link href={`/alerts/${alert.id}`} className={styles.alertCard}>
      <AlertEmblem type={alert.type} label={typeLabel} />
      <span className={styles.alertBody}>
        <span className={styles.alertTitleRow}>
          <span className={styles.alertTitle}>{alert.title}</span>
          {alert.isLocationRestricted && (
            <span className={styles.alertFlag} title={t('locationRestricted')}>
              <AreaIcon size={16} />
              <span className="sr-only">{t('locationRestricted')}</span>
            </span>
          )}
          {alert.containsAuthorLocation && (
            <span className={styles.alertFlag} title={t('authorLocation')}>
              <PinIcon size={16} />
              <span className="sr-only">{t('authorLocation')}</span>
            </span>
          )}
          <span className={styles.tags}>
            <span className={`${styles.typeTag} ${styles[`typeTag-${alert.type}`] ?? ''}`}>{typeLabel}</span>
            {alert.simulationMode && <span className={styles.simulationTag}>{t('simulation')}</span>}
            {alert.status === 'active' && <span className={styles.activeTag}>{t('active')}</span>}
            {alert.status === 'completed' && <span className={styles.closedTag}>{t('status.completed')}</span>}
          </span>
        </span>
        <span className={lines === 1 ? styles.alertMessage : `${styles.alertMessage} ${styles.threeLines}`}>
          {alert.message}
        </span>
        <span className={styles.alertMeta}>
          <time dateTime={alert.date}>{formatDateTime(alert.date)}</time>
          {showSender && alert.user && <Person name={alert.user.name} photo={alert.user.profilePhoto} />}
        </span>
      </span>
    </Link>
  );
}
