'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { useDialogs } from '@/components/ui/dialogs';
import { membersApi, type MemberView, type Seats } from './members-api';

export type MembersState =
  { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; users: MemberView[]; seats: Seats };

/** The company's members (with the removed ones that can still be restored when asked) and its seats; `reload` after a change. */
export function useMembers(withRemoved: boolean) {
  const t = useTranslations('members');
  const dialogs = useDialogs();
  const [state, setState] = useState<MembersState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const reportFailure = useEffectEvent(
    (error: unknown) => void dialogs.error(t('loadErrorTitle'), t('loadErrorMessage'), error),
  );

  useEffect(() => {
    const controller = new AbortController();
    membersApi.list(withRemoved, controller.signal).then(
      (answer) => setState({ status: 'loaded', users: answer.users, seats: answer.seats }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: 'failed' });
        reportFailure(error);
      },
    );
    return () => controller.abort();
  }, [withRemoved, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, reload };
}
