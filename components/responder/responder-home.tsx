'use client';

import { useTranslations } from 'next-intl';
import { LatestAlerts } from './latest-alerts';
import { NotificationsCard } from './notifications-card';
import { useResponder } from './responder-context';
import styles from './responder.module.css';

/** /r: the responder's front page — alerts on this device, and the latest alerts. */
export function ResponderHome() {
  const t = useTranslations('responder');
  const { me } = useResponder();
  return (
    <div className={styles.stack}>
      <h1>{t('greeting', { name: me.user.name })}</h1>
      <NotificationsCard />
      <LatestAlerts />
    </div>
  );
}
