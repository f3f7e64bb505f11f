'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent, type ReactNode } from 'react';
import { AuthCard } from '@/components/ui/card';
import { useDialogs } from '@/components/ui/dialogs';
import { SubmitButton } from '@/components/ui/form';
import { ApiCallError, session } from '@/lib/http/client';
import { BackToLogin } from './back-to-login';
import { authApi } from './auth-api';
import { NewPasswordFields, useNewPassword } from './new-password-fields';

/** The words of the form where they differ from a reset link's (an invitation's welcome, /confirmEmail). */
export interface PasswordLinkTexts {
  heading: string;
  intro: ReactNode;
  password: string;
  repeat: string;
  submit: string;
  doneHeading: string;
  done: string;
}

/**
 * A new password from an e-mailed link: a reset link (/resetPassword) or an invitation (/confirmEmail, which passes its
 * own `texts` and the person's `email` for the login that follows). `expiredAtStart`: the link is known to be used up.
 */
export function ResetPasswordForm({
  token,
  texts,
  email,
  expiredAtStart = false,
}: {
  token: string;
  texts?: PasswordLinkTexts;
  email?: string;
  expiredAtStart?: boolean;
}) {
  const t = useTranslations('resetPassword');
  const dialogs = useDialogs();
  const newPassword = useNewPassword();
  const [expired, setExpired] = useState(expiredAtStart);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!newPassword.check()) return;
    setBusy(true);
    try {
      await authApi.resetPassword(token, newPassword.password);
      session.clear(); // the reset ended every session of the account, this browser's too
      setDone(true);
    } catch (error) {
      if (error instanceof ApiCallError && error.code === 'linkExpired') {
        setExpired(true);
        await dialogs.error(t('linkExpiredTitle'), t('linkExpired'), error);
      } else {
        await dialogs.error(t('errorTitle'), t('errorMessage'), error);
      }
    } finally {
      setBusy(false);
    }
  }

  const footer = <BackToLogin />;

  if (done) {
    return (
      <AuthCard title={texts?.doneHeading ?? t('doneHeading')}>
        <div className="notice success" role="status">
          <p>{texts?.done ?? t('done')}</p>
        </div>
        <Link href={email ? `/login?email=${encodeURIComponent(email)}` : '/login'} className="button primary block">
          {t('login')}
        </Link>
      </AuthCard>
    );
  }

  if (!token || expired) {
    return (
      <AuthCard title={t(expired ? 'linkExpiredTitle' : 'missingTokenHeading')} footer={footer}>
        <p className="muted">{t(expired ? 'linkExpired' : 'missingToken')}</p>
        <Link href="/forgotPassword" className="button primary block">
          {t('requestNew')}
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={texts?.heading ?? t('heading')} description={texts?.intro ?? t('intro')} footer={footer}>
      <form className="form" onSubmit={submit} noValidate>
        <NewPasswordFields
          labels={{ password: texts?.password ?? t('password'), repeat: texts?.repeat ?? t('repeat') }}
          value={newPassword}
          autoFocus
        />
        <SubmitButton busy={busy} className="block">
          {texts?.submit ?? t('submit')}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
