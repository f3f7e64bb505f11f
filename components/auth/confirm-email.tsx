'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { AuthCard } from '@/components/ui/card';
import { useDialogs } from '@/components/ui/dialogs';
import { LoadFailed, Loading } from '@/components/ui/load-states';
import { ApiCallError } from '@/lib/http/client';
import { authApi, type Invitation } from './auth-api';
import { ResetPasswordForm } from './reset-password-form';

type State =
  { status: 'loading' } | { status: 'failed' } | { status: 'expired' } | { status: 'loaded'; invitation: Invitation };

/**
 * /confirmEmail, the invitation link of a member added to a company (spec: "confirm user e-mail"): welcomes the person
 * to the company and lets them choose a password, which confirms their e-mail address. The password step is the reset
 * link's form with the welcome's words; the link itself is the same kind of one-time token.
 */
export function ConfirmEmail({ token }: { token: string }) {
  const t = useTranslations('confirmEmail');
  const dialogs = useDialogs();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!token) return;
    let current = true;
    authApi.readInvitation(token).then(
      (invitation) => current && setState({ status: 'loaded', invitation }),
      (error: unknown) => {
        if (!current) return;
        if (error instanceof ApiCallError && error.code === 'linkExpired') return setState({ status: 'expired' });
        setState({ status: 'failed' });
        void dialogs.error(t('loadErrorTitle'), t('loadErrorMessage'), error);
      },
    );
    return () => {
      current = false;
    };
  }, [token, attempt, dialogs, t]);

  // No token: the reset form's "incomplete link" card.
  if (!token || state.status === 'expired') return <ResetPasswordForm token={token} expiredAtStart={!!token} />;
  if (state.status !== 'loaded') {
    return (
      <AuthCard title={t('heading')}>
        {state.status === 'loading' ? (
          <Loading label={t('loading')} />
        ) : (
          <LoadFailed
            message={t('loadErrorMessage')}
            onRetry={() => {
              setState({ status: 'loading' });
              setAttempt((n) => n + 1);
            }}
          />
        )}
      </AuthCard>
    );
  }

  const { name, email, companyName } = state.invitation;
  return (
    <ResetPasswordForm
      token={token}
      email={email}
      texts={{
        heading: companyName ? t('welcome', { company: companyName }) : t('heading'),
        intro: t.rich('intro', { name, email, strong: (chunks) => <strong>{chunks}</strong> }),
        password: t('password'),
        repeat: t('repeat'),
        submit: t('submit'),
        doneHeading: t('doneHeading'),
        done: t('done'),
      }}
    />
  );
}
