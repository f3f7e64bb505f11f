'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { useDialogs } from '@/components/ui/dialogs';
import { api, session } from '@/lib/http/client';
import type { Me, UpdateUser } from './me';

type State = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; me: Me };

/**
 * The profile of the logged-in user (once `enabled`). The company it answers for becomes the current one, so a stale
 * or missing CustomerId is replaced (and removed for a user without any company).
 */
export function useMe(enabled: boolean): { state: State; reload: () => void; updateUser: UpdateUser } {
  const t = useTranslations('profile');
  const dialogs = useDialogs();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const reportFailure = useEffectEvent((error: unknown) => void dialogs.error(t('loadErrorTitle'), t('loadErrorMessage'), error));

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    api.get<Me>('/api/me', { signal: controller.signal }).then(
      (me) => {
        const customerId = me.customer?.customerId ?? null;
        if (session.customerId() !== customerId) session.setCustomerId(customerId);
        setState({ status: 'loaded', me });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: 'failed' });
        reportFailure(error);
      },
    );
    return () => controller.abort();
  }, [enabled, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const updateUser = useCallback<UpdateUser>((change) => setState((current) => (current.status === 'loaded' ? { status: 'loaded', me: { ...current.me, user: { ...current.me.user, ...change } } } : current)), []);
  return { state, reload, updateUser };
}
