import { useTranslations } from 'next-intl';
import styles from './dashboard.module.css';

/** For admins when many users have no device yet (see needsAppReminder). */
export function ReminderCard({ usersWithoutDevices, usersCount }: { usersWithoutDevices: number; usersCount: number }) {
  const t = useTranslations('dashboard.reminder');
  return (
    <section className={`card ${styles.card} ${styles.reminderCard}`} aria-labelledby="dash-reminder" data-testid="reminder-card">
      <header className={styles.cardHeader}>
        <h2 id="dash-reminder">{t('title')}</h2>
      </header>
      <p className={styles.reminderText}>{t('message', { count: usersWithoutDevices, total: usersCount })}</p>
    </section>
  );
}
