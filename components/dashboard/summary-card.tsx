import { useTranslations } from 'next-intl';
import { DashboardCard } from './dashboard-card';
import styles from './dashboard.module.css';

/** The plan and how many of its seats are taken. */
export function SummaryCard({ plan, usersCount, maxUsers }: { plan: string; usersCount: number; maxUsers: number }) {
  const t = useTranslations('dashboard.summary');
  const share = maxUsers > 0 ? Math.min(100, Math.round((usersCount / maxUsers) * 100)) : 0;
  const planName = t.has(`plans.${plan}`) ? t(`plans.${plan}`) : plan;
  return (
    <DashboardCard name="summary" title={t('title')}>
      <dl className={styles.summary}>
        <div>
          <dt>{t('plan')}</dt>
          <dd className={styles.planName}>{planName}</dd>
        </div>
        <div>
          <dt>{t('users')}</dt>
          <dd>{t('usersOf', { count: usersCount, max: maxUsers })}</dd>
        </div>
      </dl>
      <div
        className={styles.meter}
        role="meter"
        aria-valuemin={0}
        aria-valuemax={maxUsers}
        aria-valuenow={usersCount}
        aria-label={t('users')}
      >
        <span style={{ width: `${share}%` }} />
      </div>
    </DashboardCard>
  );
}
