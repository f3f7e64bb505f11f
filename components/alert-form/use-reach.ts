'use client';

import { useEffect, useMemo, useState } from 'react';
import { alertApi, type Reach } from '@/components/alerts/alert-api';
import type { AlertTargetBody } from './alert-form';

export type ReachState =
  | { status: 'idle' }
  | { status: 'loading'; last: Reach | null }
  | { status: 'loaded'; reach: Reach }
  | { status: 'failed' };

/** Waits this long after the last change of the recipients before counting them. */
export const REACH_DEBOUNCE_MS = 400;

/** How many people the target would alert, counted again (debounced) whenever it changes; idle while `target` is null. */
export function useReach(target: AlertTargetBody | null): ReachState {
  const key = useMemo(() => (target ? JSON.stringify(target) : null), [target]);
  const [state, setState] = useState<ReachState>({ status: 'idle' });

  useEffect(() => {
    if (key === null) {
      setState({ status: 'idle' });
      return;
    }
    setState((current) => ({
      status: 'loading',
      last: current.status === 'loaded' ? current.reach : current.status === 'loading' ? current.last : null,
    }));
    const controller = new AbortController();
    const timer = setTimeout(() => {
      alertApi.reach(JSON.parse(key) as AlertTargetBody, controller.signal).then(
        (reach) => setState({ status: 'loaded', reach }),
        () => {
          if (!controller.signal.aborted) setState({ status: 'failed' });
        },
      );
    }, REACH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key]);

  return state;
}
