'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { AuthCard } from '@/components/ui/card';
import { useDialogs } from '@/components/ui/dialogs';
import { SubmitButton, TextField } from '@/components/ui/form';
import { useToast } from '@/components/ui/toasts';
import { HOME_PATH } from '@/components/session/paths';
import { useRequireLogin } from '@/components/session/use-require-login';
import { ApiCallError } from '@/lib/http/client';
import { authApi } from './auth-api';
import { NewPasswordFields, useNewPassword } from './new-password-fields';

/** Changes the password of the logged-in user, who confirms the current one. */
export function SetNewPasswordForm() {
  const t = useTranslations('setNewPassword');
  const tAuth = useTranslations('auth');
  const dialogs = useDialogs();
  const toast = useToast();
  const loggedIn = useRequireLogin();
  const [currentPassword, setCurrentPassword] = useState('');
  const newPassword = useNewPassword();
  const [currentError, setCurrentError] = useState<string | undefined>();
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  if (!loggedIn) return null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const newPasswordFine = newPassword.check();
    const missingCurrent = currentPassword ? undefined : tAuth('passwordRequired');
    setCurrentError(missingCurrent);
    if (!newPasswordFine || missingCurrent) return;
    setBusy(true);
    try {
      await authApi.changePassword(currentPassword, newPassword.password);
      setDone(true);
      toast(t('toast'));
    } catch (error) {
      const wrongPassword = error instanceof ApiCallError && error.code === 'wrongPassword';
      if (wrongPassword) setCurrentError(t('wrongPassword'));
      await dialogs.error(t('errorTitle'), wrongPassword ? t('wrongPassword') : t('errorMessage'), error);
    } finally {
      setBusy(false);
    }
  }

  const footer = (
    <p>
      <Link href={HOME_PATH}>{t('back')}</Link>
    </p>
  );

  if (done) {
    return (
      <AuthCard title={t('doneHeading')} footer={footer}>
        <div className="notice success" role="status">
          <p>{t('done')}</p>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('heading')} description={t('intro')} footer={footer}>
      <form className="form" onSubmit={submit} noValidate>
        <TextField
          label={t('currentPassword')}
          name="currentPassword"
          type="password"
          value={currentPassword}
          onChange={setCurrentPassword}
          autoComplete="current-password"
          required
          autoFocus
          error={currentError}
        />
        <NewPasswordFields labels={{ password: t('password'), repeat: t('repeat') }} value={newPassword} />
        <SubmitButton busy={busy} className="block">
          {t('submit')}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
