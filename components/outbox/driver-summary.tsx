'use client';

import { useTranslations } from 'next-intl';
import type { OutboxDrivers } from './outbox-api';
import styles from './outbox.module.css';

const CHANNELS = ['sms', 'voice', 'push', 'web', 'email'] as const satisfies readonly (keyof OutboxDrivers)[];

/** Which provider each channel goes through; "Outbox only" where none is configured, so nothing really goes out there. */
export function DriverSummary({ drivers }: { drivers: OutboxDrivers }) {
  const t = useTranslations('outbox.drivers');
  return (
    <section className={`card ${styles.drivers}`} aria-labelledby="outbox-drivers-title">
      <h2 id="outbox-drivers-title">{t('title')}</h2>
      <p className="muted">{t('intro')}</p>
      <dl className={styles.driverList}>
        {CHANNELS.map((channel) => (
          <div key={channel} className={styles.driver} data-driver={drivers[channel]}>
            <dt>{t(`channels.${channel}`)}</dt>
            <dd>
              <span className={styles.driverDot} aria-hidden="true" />
              {t(`providers.${drivers[channel]}`)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
