import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { AlertCard } from '@/components/ui/alert-card';
import type { DashAlert } from './dashboard-api';
import { DashboardCard } from './dashboard-card';
import styles from './dashboard.module.css';

/** The latest alerts and the count of active ones; pulses on a new alert. */
export function AlertsCard({
  alerts,
  activeCount,
  pulsing,
}: {
  alerts: DashAlert[];
  activeCount: number;
  pulsing: boolean;
}) {
  const t = useTranslations('dashboard.alerts');
  return (
    <DashboardCard
      name="alerts"
      title={t('title')}
      className={pulsing ? styles.pulse : undefined}
      badge={
        <span
          className={activeCount > 0 ? `${styles.countBadge} ${styles.countActive}` : styles.countBadge}
          data-testid="active-alerts-count"
        >
          {t('activeCount', { count: activeCount })}
        </span>
      }
    >
      {alerts.length === 0 ? (
        <p className={styles.empty}>{t('empty')}</p>
      ) : (
        <ul className={styles.alertList}>
          {alerts.map((alert) => (
            <li key={alert.id}>
              <AlertCard alert={{ ...alert, type: alert.alertType, date: alert.created }} />
            </li>
          ))}
        </ul>
      )}
      <footer className={styles.cardFooter}>
        <Link href="/alerts">{t('viewAll')}</Link>
      </footer>
    </DashboardCard>
  );
}
