import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { AlertCard } from '@/components/ui/alert-card';
import type { DashAlert } from './dashboard-api';
import styles from './dashboard.module.css';

/** The latest alerts and the count of active ones; pulses on a new alert. */
export function AlertsCard({ alerts, activeCount, pulsing }: { alerts: DashAlert[]; activeCount: number; pulsing: boolean }) {
  const t = useTranslations('dashboard.alerts');
  return (
    <section className={`card ${styles.card} ${styles.alertsCard} ${pulsing ? styles.pulse : ''}`} aria-labelledby="dash-alerts" data-testid="alerts-card">
      <header className={styles.cardHeader}>
        <h2 id="dash-alerts">{t('title')}</h2>
        <span className={activeCount > 0 ? `${styles.countBadge} ${styles.countActive}` : styles.countBadge} data-testid="active-alerts-count">
          {t('activeCount', { count: activeCount })}
        </span>
      </header>
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
    </section>
  );
}
