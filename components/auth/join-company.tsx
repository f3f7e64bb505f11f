'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { AuthCard } from '@/components/ui/card';
import { useDialogs } from '@/components/ui/dialogs';
import { BusyButton } from '@/components/ui/form';
import { authApi } from './auth-api';
import { BackToLogin } from './back-to-login';
import { EmailedLinkLoading, isExpiredLink, useEmailedLink } from './use-emailed-link';

/**
 * /joinCompany, the link of a company's invitation to a person who already has an account (the company's directory
 * provisioned their e-mail): who asks, and one button to join. Opening the page changes nothing — a mail scanner that
 * opens the link must not accept for the person.
 */
export function JoinCompany({ token }: { token: string }) {
  const t = useTranslations('joinCompany');
  const dialogs = useDialogs();
  const { state, setState, retry } = useEmailedLink(token, authApi.readMembershipInvitation, 'joinCompany');
  const [joined, setJoined] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function accept() {
    setBusy(true);
    try {
      setJoined((await authApi.acceptMembershipInvitation(token)).companyName);
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
  if (joined !== null) {
    return (
      <AuthCard title={t('doneHeading', { company: joined })}>
        <p>{t('done', { company: joined })}</p>
        <Link className="button primary block" href="/login">
          {t('login')}
        </Link>
      </AuthCard>
    );
  }
  if (state.status !== 'loaded') {
    return (
      <EmailedLinkLoading
        title={t('title')}
        namespace="joinCompany"
        failed={state.status === 'failed'}
        onRetry={retry}
      />
    );
  }
  const { companyName, email } = state.value;
  return (
    <AuthCard title={t('heading', { company: companyName })} footer={<BackToLogin />}>
      <p>{t.rich('intro', { company: companyName, email, strong: (chunks) => <strong>{chunks}</strong> })}</p>
      <BusyButton busy={busy} className="button primary block" onClick={() => void (busy ? null : accept())}>
        {busy ? t('accepting') : t('accept')}
      </BusyButton>
    </AuthCard>
  );
}
