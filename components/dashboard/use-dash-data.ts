'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { useDialogs } from '@/components/ui/dialogs';
import { dashboardApi, type DashData, type DashPart } from './dashboard-api';
import { withLiveAlert, type LiveDashAlert } from './live-alert';
import { REFRESH_DELAY_MS, refreshDelay } from './refresh-plan';

/** `loaded.fullLoad`: the answer of the last whole reload, kept through part refreshes (what positions follow). */
type State = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; data: DashData; fullLoad: DashData };

/** How long a live alert is kept to be taken on again by an answer whose request left before it arrived. */
const LIVE_ALERT_KEPT_MS = 60_000;

interface KeptLiveAlert {
  event: LiveDashAlert;
  /** When it arrived (performance.now()). */
  at: number;
}

/** `data` with the live alerts that arrived since `asked` (its request may have left before they were sent). */
function withAlertsSince<T extends DashData>(data: T, kept: KeptLiveAlert[], asked: number): T {
  return kept.filter(({ at }) => at >= asked).reduce((shown, { event }) => withLiveAlert(shown, event) ?? shown, data);
}

/**
 * The dashboard data (once `enabled`), `reload` now, `refreshSoon(parts)` refreshDelay() later: the given parts alone,
 * or everything (several calls before the refresh make one, of every part asked for); and `takeLiveAlert(event)`: a
 * new alert the server sent along (dashboardAlert), shown REFRESH_DELAY_MS later without asking the server.
 */
export function useDashData(enabled: boolean) {
  const t = useTranslations('dashboard');
  const dialogs = useDialogs();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [partsDue, setPartsDue] = useState<{ parts: DashPart[] } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<Set<DashPart> | 'all' | null>(null);
  /** The live alerts of the last LIVE_ALERT_KEPT_MS, with when they arrived. */
  const liveAlerts = useRef<KeptLiveAlert[]>([]);
  const shown = useRef<State>(state);
  const liveTimers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const reportFailure = useEffectEvent((error: unknown) => {
    // A failed background refresh keeps what is shown; only a failed first load replaces it.
    setState((current) => (current.status === 'loaded' ? current : { status: 'failed' }));
    void dialogs.error(t('loadErrorTitle'), t('loadErrorMessage'), error);
  });

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const asked = performance.now();
    dashboardApi.data(controller.signal).then(
      (answer) => {
        const data = withAlertsSince(answer, liveAlerts.current, asked);
        setState({ status: 'loaded', data, fullLoad: data });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) reportFailure(error);
      },
    );
    return () => controller.abort();
  }, [enabled, attempt]);

  useEffect(() => {
    if (!enabled || !partsDue) return;
    const controller = new AbortController();
    const asked = performance.now();
    Promise.all(partsDue.parts.map((part) => dashboardApi.part(part, controller.signal))).then(
      (answers) =>
        setState((current) =>
          current.status === 'loaded'
            ? {
                ...current,
                data: withAlertsSince(Object.assign({}, current.data, ...answers), liveAlerts.current, asked),
              }
            : current,
        ),
      (error: unknown) => {
        if (!controller.signal.aborted) reportFailure(error);
      },
    );
    return () => controller.abort();
  }, [enabled, partsDue]);

  useEffect(() => {
    shown.current = state;
  }, [state]);

  useEffect(() => {
    const timers = liveTimers.current;
    return () => {
      clearTimeout(timer.current);
      for (const each of timers) clearTimeout(each);
    };
  }, []);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const refreshSoon = useCallback((parts: DashPart[] | 'all' = 'all') => {
    const before = pending.current;
    const due = parts === 'all' || before === 'all' ? 'all' : new Set([...(before ?? []), ...parts]);
    if (due !== 'all' && due.size === 0) return;
    pending.current = due;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      pending.current = null;
      if (due === 'all') setAttempt((n) => n + 1);
      else setPartsDue({ parts: [...due] });
    }, refreshDelay());
  }, []);
  const takeLiveAlert = useCallback(
    (event: LiveDashAlert) => {
      const at = performance.now();
      liveAlerts.current = [...liveAlerts.current.filter((kept) => at - kept.at < LIVE_ALERT_KEPT_MS), { event, at }];
      const show = setTimeout(() => {
        liveTimers.current.delete(show);
        const current = shown.current;
        if (current.status !== 'loaded') return;
        // A new day since the chart was loaded: its days are loaded again, with the alert.
        if (withLiveAlert(current.data, event) === null) refreshSoon(['alerts']);
        else
          setState((latest) =>
            latest.status === 'loaded' ? { ...latest, data: withLiveAlert(latest.data, event) ?? latest.data } : latest,
          );
      }, REFRESH_DELAY_MS);
      liveTimers.current.add(show);
    },
    [refreshSoon],
  );
  return { state, reload, refreshSoon, takeLiveAlert };
}
