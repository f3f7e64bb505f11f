'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { AuthCard } from '@/components/ui/card';
import { useDialogs } from '@/components/ui/dialogs';
import { SubmitButton, TextField } from '@/components/ui/form';
import { looksLikeEmail } from '@/components/ui/email';
import { authApi } from './auth-api';
import { BackToLogin } from './back-to-login';

/** Asks for a reset link. The answer is the same whether or not the account exists. */
export function ForgotPasswordForm() {
  const t = useTranslations('forgotPassword');
  const tAuth = useTranslations('auth');
  const dialogs = useDialogs();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const error = looksLikeEmail(email) ? undefined : tAuth(email.trim() ? 'emailInvalid' : 'emailRequired');
    setEmailError(error);
    if (error) return;
    setBusy(true);
    try {
      await authApi.requestPasswordReset(email.trim());
      setSentTo(email.trim());
    } catch (failure) {
      await dialogs.error(t('errorTitle'), t('errorMessage'), failure);
    } finally {
      setBusy(false);
    }
  }

  const footer = <BackToLogin />;

  if (sentTo) {
    return (
      <AuthCard title={t('sentHeading')} footer={footer}>
        <div className="notice success" role="status">
          <p>{t('sent', { email: sentTo })}</p>
        </div>
        <p className="muted small">{t('sentHint')}</p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('heading')} description={t('intro')} footer={footer}>
      <form className="form" onSubmit={submit} noValidate>
        <TextField
          label={t('email')}
          name="email"
          type="email"
          value={email}
          onChange={setEmail}
          autoComplete="username"
          inputMode="email"
          required
          autoFocus
          error={emailError}
        />
        <SubmitButton busy={busy} className="block">
          {t('submit')}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
