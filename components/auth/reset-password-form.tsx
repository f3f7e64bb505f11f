'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { AuthCard } from '@/components/ui/card';
import { useDialogs } from '@/components/ui/dialogs';
import { SubmitButton } from '@/components/ui/form';
import { ApiCallError, session } from '@/lib/http/client';
import { BackToLogin } from './back-to-login';
import { authApi } from './auth-api';
import { NewPasswordFields, useNewPassword } from './new-password-fields';

/** A new password from the e-mailed link. */
export function ResetPasswordForm({ token }: { token: string }) {
  const t = useTranslations('resetPassword');
  const dialogs = useDialogs();
  const newPassword = useNewPassword();
  const [expired, setExpired] = useState(false);
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
      <AuthCard title={t('doneHeading')}>
        <div className="notice success" role="status">
          <p>{t('done')}</p>
        </div>
        <Link href="/login" className="button primary block">
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
    <AuthCard title={t('heading')} description={t('intro')} footer={footer}>
      <form className="form" onSubmit={submit} noValidate>
        <NewPasswordFields labels={{ password: t('password'), repeat: t('repeat') }} value={newPassword} autoFocus />
        <SubmitButton busy={busy} className="block">
          {t('submit')}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
