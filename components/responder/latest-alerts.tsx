'use client';

import Link from 'next/link';
import { useFormatter, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import type { AlertListItem } from '@/components/alerts/alert-api';
import { AlertEmblem } from '@/components/ui/alert-emblem';
import { LoadFailed, Loading } from '@/components/ui/load-states';
import { isNoAnswer } from '@/lib/http/client';
import { cacheAlerts, cachedAlerts } from './cached-alerts';
import { responderApi } from './responder-api';
import { useResponder } from './responder-context';
import { useNotificationLabels } from './use-notification-labels';
import styles from './responder.module.css';

type ListState =
  { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; alerts: AlertListItem[]; stale: boolean };

/** The alerts the person received or sent, newest first; the last list read when the network does not answer. */
export function LatestAlerts() {
  const t = useTranslations('responder.alerts');
  const { severity } = useNotificationLabels();
  const format = useFormatter();
  const { me, online } = useResponder();
  const userId = me.user.id;
  const companyId = me.customer?.customerId ?? '';
  const [state, setState] = useState<ListState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    responderApi.myAlerts(controller.signal).then(
      (page) => {
        cacheAlerts(userId, companyId, page.items);
        setState({ status: 'loaded', alerts: page.items, stale: false });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const cached = isNoAnswer(error) ? cachedAlerts(userId, companyId) : null;
        setState(cached ? { status: 'loaded', alerts: cached, stale: true } : { status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [userId, companyId, attempt, online]);

  return (
    <section className={styles.card} aria-labelledby="latest-alerts">
      <h2 id="latest-alerts">{t('title')}</h2>
      {state.status === 'loading' && <Loading label={t('loading')} />}
      {state.status === 'failed' && (
        <LoadFailed className={styles.inline} message={t('loadFailed')} onRetry={() => setAttempt((n) => n + 1)} />
      )}
      {state.status === 'loaded' && state.stale && <p className={styles.note}>{t('stale')}</p>}
      {state.status === 'loaded' && state.alerts.length === 0 && <p className="muted">{t('none')}</p>}
      {state.status === 'loaded' && state.alerts.length > 0 && (
        <ul className={styles.alertList}>
          {state.alerts.map((alert) => (
            <li key={alert.id}>
              <Link href={`/r/alerts/${alert.id}`} className={styles.alertLink}>
                <AlertEmblem type={alert.severity} label={severity[alert.severity]} />
                <span className={styles.alertText}>
                  <strong>{alert.title}</strong>
                  <span className="muted small">
                    {format.dateTime(new Date(alert.date), { dateStyle: 'medium', timeStyle: 'short' })}
                    {alert.status === 'completed' ? ` · ${t('closed')}` : ''}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
