'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { AnswerStatsView } from '@/components/alerts/answers/answer-stats';
import { useCompanyEvents } from '@/components/realtime/use-company-events';
import { useApiData } from '@/components/ui/use-api-data';
import { dashAnswersQuery } from './dashboard-api';
import { isLiveDashAlert } from './live-alert';
import { DashboardCard } from './dashboard-card';
import { refreshDelay } from './refresh-plan';
import styles from './dashboard.module.css';

/**
 * Admins: the active alerts that ask people to answer, each with who is accounted for and how many need help now.
 * It reloads a refresh delay (spread per console) after a change of an alert it shows and after a new alert that asks,
 * a burst of them making one reload; hidden while no active alert asks.
 */
export function AnswersCard() {
  const t = useTranslations('dashboard.answers');
  const { state, reload } = useApiData(dashAnswersQuery, () => undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const reloadSoon = () => {
    if (timer.current !== undefined) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      reload();
    }, refreshDelay());
  };
  const shown = state.status === 'loaded' ? state.data.alerts.map((alert) => alert.id) : [];
  useCompanyEvents(state.status === 'loaded', {
    kinds: ['alertChanged', 'dashboardAlert'],
    // Only what changes the card: an answer (or receipt) of an alert it shows, a new alert that asks.
    onEvent: (kind, payload) => {
      if (kind === 'alertChanged' ? shown.includes(payload.alertId as string) : asksAnswers(payload)) reloadSoon();
    },
    onReconnect: reloadSoon,
  });

  if (state.status !== 'loaded' || state.data.alerts.length === 0) return null;
  return (
    <DashboardCard name="answers" title={t('title')}>
      <ul className={styles.answerAlerts}>
        {state.data.alerts.map((alert) => (
          <li key={alert.id} data-testid="dash-answered-alert">
            <Link href={`/alerts/${alert.id}`} className={styles.answerAlertTitle}>
              {alert.title}
            </Link>
            {alert.needsHelpOpen > 0 && (
              <p className={styles.needsHelpNow} role="status">
                {t('needsHelpNow', { count: alert.needsHelpOpen })}
              </p>
            )}
            <AnswerStatsView counts={alert.answers} />
          </li>
        ))}
      </ul>
    </DashboardCard>
  );
}

const asksAnswers = (payload: unknown) => isLiveDashAlert(payload) && payload.alert.asksAnswers;
