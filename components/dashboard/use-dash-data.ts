'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { useDialogs } from '@/components/ui/dialogs';
import { dashboardApi, type DashData } from './dashboard-api';

/** Spec §9: the dashboard refreshes this long after a live event. */
export const REFRESH_DELAY_MS = 2_000;

type State = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; data: DashData };

/** The dashboard data (once `enabled`), `reload` now, and `refreshSoon` REFRESH_DELAY_MS later (several calls: one fetch). */
export function useDashData(enabled: boolean) {
  const t = useTranslations('dashboard');
  const dialogs = useDialogs();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const reportFailure = useEffectEvent(
    (error: unknown) => void dialogs.error(t('loadErrorTitle'), t('loadErrorMessage'), error),
  );

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    dashboardApi.data(controller.signal).then(
      (data) => setState({ status: 'loaded', data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // A failed background refresh keeps what is shown; only a failed first load replaces it.
        setState((current) => (current.status === 'loaded' ? current : { status: 'failed' }));
        reportFailure(error);
      },
    );
    return () => controller.abort();
  }, [enabled, attempt]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const refreshSoon = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setAttempt((n) => n + 1), REFRESH_DELAY_MS);
  }, []);
  return { state, reload, refreshSoon };
}
