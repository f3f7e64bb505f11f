'use client';

import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { api, ApiCallError } from '@/lib/http/client';
import type { ApiQuery } from './api-query';

export type ApiData<T> =
  { status: 'loading' } | { status: 'failed'; notFound: boolean } | { status: 'loaded'; data: T };

/**
 * GET the query's path (again on `reload`); a failure calls `onError` once per attempt. `setData` replaces what is
 * shown with the answer of a change (a saved team), so the screen needs no second round trip.
 */
export function useApiData<T>({ path }: ApiQuery<T>, onError: (error: unknown) => void) {
  const [state, setState] = useState<ApiData<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const reportError = useEffectEvent(onError);

  useEffect(() => {
    const controller = new AbortController();
    api.get<T>(path, { signal: controller.signal }).then(
      (data) => setState({ status: 'loaded', data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const notFound = error instanceof ApiCallError && (error.status === 404 || error.status === 400);
        setState({ status: 'failed', notFound });
        if (!notFound) reportError(error);
      },
    );
    return () => controller.abort();
  }, [path, attempt]);

  const reload = useCallback(() => {
    setState((current) => (current.status === 'failed' ? { status: 'loading' } : current));
    setAttempt((n) => n + 1);
  }, []);
  const setData = useCallback((data: T) => setState({ status: 'loaded', data }), []);
  return { state, reload, setData };
}
