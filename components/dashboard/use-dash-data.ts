'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { useDialogs } from '@/components/ui/dialogs';
import { dashboardApi, type DashData, type DashPart } from './dashboard-api';
import { refreshDelay } from './refresh-plan';

/** `loaded.fullLoad`: the answer of the last whole reload, kept through part refreshes (what positions follow). */
type State = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; data: DashData; fullLoad: DashData };

/**
 * The dashboard data (once `enabled`), `reload` now, and `refreshSoon(parts)` refreshDelay() later: the given parts
 * alone, or everything. Several calls before the refresh make one, of every part asked for.
 */
export function useDashData(enabled: boolean) {
  const t = useTranslations('dashboard');
  const dialogs = useDialogs();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [partsDue, setPartsDue] = useState<{ parts: DashPart[] } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<Set<DashPart> | 'all' | null>(null);
  const reportFailure = useEffectEvent((error: unknown) => {
    // A failed background refresh keeps what is shown; only a failed first load replaces it.
    setState((current) => (current.status === 'loaded' ? current : { status: 'failed' }));
    void dialogs.error(t('loadErrorTitle'), t('loadErrorMessage'), error);
  });

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    dashboardApi.data(controller.signal).then(
      (data) => setState({ status: 'loaded', data, fullLoad: data }),
      (error: unknown) => {
        if (!controller.signal.aborted) reportFailure(error);
      },
    );
    return () => controller.abort();
  }, [enabled, attempt]);

  useEffect(() => {
    if (!enabled || !partsDue) return;
    const controller = new AbortController();
    Promise.all(partsDue.parts.map((part) => dashboardApi.part(part, controller.signal))).then(
      (answers) =>
        setState((current) =>
          current.status === 'loaded' ? { ...current, data: Object.assign({}, current.data, ...answers) } : current,
        ),
      (error: unknown) => {
        if (!controller.signal.aborted) reportFailure(error);
      },
    );
    return () => controller.abort();
  }, [enabled, partsDue]);

  useEffect(() => () => clearTimeout(timer.current), []);

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
  return { state, reload, refreshSoon };
}
