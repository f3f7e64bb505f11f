'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { AuthCard } from '@/components/ui/card';
import { useDialogs } from '@/components/ui/dialogs';
import { BusyButton } from '@/components/ui/form';
import { LoadFailed, Loading } from '@/components/ui/load-states';
import { ApiCallError } from '@/lib/http/client';
import { authApi, type MembershipInvitation } from './auth-api';
import { BackToLogin } from './back-to-login';

type State =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'expired' }
  | { status: 'loaded'; invitation: MembershipInvitation }
  | { status: 'joined'; companyName: string };

const isExpiredLink = (error: unknown) => error instanceof ApiCallError && error.code === 'linkExpired';

/**
 * /joinCompany, the link of a company's invitation to a person who already has an account (the company's directory
 * provisioned their e-mail): who asks, and one button to join. Opening the page changes nothing — a mail scanner that
 * opens the link must not accept for the person.
 */
export function JoinCompany({ token }: { token: string }) {
  const t = useTranslations('joinCompany');
  const dialogs = useDialogs();
  const [state, setState] = useState<State>(token ? { status: 'loading' } : { status: 'expired' });
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!token) return;
    let current = true;
    authApi.readMembershipInvitation(token).then(
      (invitation) => current && setState({ status: 'loaded', invitation }),
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
  }, [token, attempt, dialogs, t]);

  async function accept() {
    setBusy(true);
    try {
      const joined = await authApi.acceptMembershipInvitation(token);
      setState({ status: 'joined', companyName: joined.companyName });
    } catch (error) {
      if (isExpiredLink(error)) setState({ status: 'expired' });
      else await dialogs.error(t('acceptErrorTitle'), t('acceptErrorMessage'), error);
    } finally {
      setBusy(false);
    }
  }

  if (state.status === 'expired') {
    return (
      <AuthCard title={t('expiredHeading')} footer={<BackToLogin />}>
        <p>{t('expired')}</p>
      </AuthCard>
    );
  }
  if (state.status === 'joined') {
    return (
      <AuthCard title={t('doneHeading', { company: state.companyName })}>
        <p>{t('done', { company: state.companyName })}</p>
        <Link className="button primary block" href="/login">
          {t('login')}
        </Link>
      </AuthCard>
    );
  }
  if (state.status !== 'loaded') {
    return (
      <AuthCard title={t('title')}>
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
  const { companyName, email } = state.invitation;
  return (
    <AuthCard title={t('heading', { company: companyName })} footer={<BackToLogin />}>
      <p>{t.rich('intro', { company: companyName, email, strong: (chunks) => <strong>{chunks}</strong> })}</p>
      <BusyButton busy={busy} className="button primary block" onClick={() => void (busy ? null : accept())}>
        {busy ? t('accepting') : t('accept')}
      </BusyButton>
    </AuthCard>
  );
}
