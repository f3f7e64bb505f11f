'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { AuthCard } from '@/components/ui/card';
import { useDialogs } from '@/components/ui/dialogs';
import { LoadFailed, Loading } from '@/components/ui/load-states';
import { ApiCallError } from '@/lib/http/client';

export type EmailedLinkState<T> =
  { status: 'loading' } | { status: 'failed' } | { status: 'expired' } | { status: 'loaded'; value: T };

/** An unknown, used or expired link: the server answers 400 `linkExpired` alike for each. */
export const isExpiredLink = (error: unknown) => error instanceof ApiCallError && error.code === 'linkExpired';

/**
 * What an e-mailed link stands for (an invitation, a company's invitation), read without using the link up: loading,
 * expired, failed (with the error dialog of the page's `namespace`: loadErrorTitle, loadErrorMessage) or loaded.
 * `retry` reads it again. No token: expired.
 */
export function useEmailedLink<T>(token: string, read: (token: string) => Promise<T>, namespace: string) {
  const t = useTranslations(namespace);
  const dialogs = useDialogs();
  const [state, setState] = useState<EmailedLinkState<T>>(token ? { status: 'loading' } : { status: 'expired' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!token) return;
    let current = true;
    read(token).then(
      (value) => current && setState({ status: 'loaded', value }),
      (error: unknown) => {
        if (!current) return;
        if (isExpiredLink(error)) return setState({ status: 'expired' });
        setState({ status: 'failed' });
        void dialogs.error(t('loadErrorTitle'), t('loadErrorMessage'), error);
      },
    );
    return () => {
      current = false;
    };
  }, [token, attempt, read, dialogs, t]);

  const retry = () => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  };
  return { state, setState, retry };
}

/** The card while an e-mailed link is read, or when reading it failed (with a retry). */
export function EmailedLinkLoading({
  title,
  namespace,
  failed,
  onRetry,
}: {
  title: string;
  namespace: string;
  failed: boolean;
  onRetry: () => void;
}) {
  const t = useTranslations(namespace);
  return (
    <AuthCard title={title}>
      {failed ? <LoadFailed message={t('loadErrorMessage')} onRetry={onRetry} /> : <Loading label={t('loading')} />}
    </AuthCard>
  );
}
