'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useState, type FormEvent } from 'react';
import { AuthCard } from '@/components/ui/card';
import { useDialogs } from '@/components/ui/dialogs';
import { BusyButton, CheckboxField, FormError, SubmitButton, TextField } from '@/components/ui/form';
import { looksLikeEmail } from '@/components/ui/email';
import { ApiCallError, isResponderPath, session } from '@/lib/http/client';
import { authApi, type LoggedIn } from './auth-api';
import { loginErrorText } from './login-error';
import { rememberMicrosoftState, takeMicrosoftLoginTicket, type MicrosoftNotice } from './microsoft-sign-in';

/**
 * Log in with e-mail and password, then a one-time code when the account uses two-step verification; or sign in with
 * Microsoft with the e-mail typed.
 */
export function LoginForm({
  redirectTo,
  initialEmail = '',
  microsoftNotice,
}: {
  /** A same-origin path (safeRedirectPath). */ redirectTo: string;
  initialEmail?: string;
  /** How a sign-in with Microsoft ended, when it brought the person back here. */
  microsoftNotice?: MicrosoftNotice;
}) {
  const tMicrosoft = useTranslations('microsoftSignIn');
  const t = useTranslations('login');
  const tAuth = useTranslations('auth');
  const dialogs = useDialogs();
  const router = useRouter();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [extendedLogin, setExtendedLogin] = useState(false);
  const [loginTicket, setLoginTicket] = useState<string | null>(null);
  const [otp, setOtp] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; password?: string; otp?: string }>({});
  const [busy, setBusy] = useState(false);
  const [microsoftBusy, setMicrosoftBusy] = useState(false);
  /** The e-mail a login was refused for as not confirmed yet, and whether a new link went out for it. */
  const [unconfirmed, setUnconfirmed] = useState<{ email: string; resent: boolean } | null>(null);
  const [resending, setResending] = useState(false);
  // Signing in for the responder keeps this device signed in (a device session): no 12-hour choice to make.
  const sessionKind = isResponderPath(redirectTo) ? 'device' : 'console';

  useEffect(() => {
    if (session.isLoggedIn()) router.replace(redirectTo);
  }, [router, redirectTo]);

  // Back from Microsoft with 2FA on: the one-time-code step.
  useEffect(() => {
    const ticket = takeMicrosoftLoginTicket();
    if (ticket) setLoginTicket(ticket);
  }, []);

  function finish(answer: LoggedIn) {
    session.start(answer.token, answer.customerId);
    router.replace(redirectTo);
  }

  async function showError(error: unknown) {
    const text = loginErrorText(error);
    await dialogs.error(t(text.title), t(text.message, text.values), error, { explained: text.explained });
    if (error instanceof ApiCallError && error.code === 'loginTicketExpired') {
      setLoginTicket(null);
      setOtp('');
    }
  }

  async function submitPassword(event: FormEvent) {
    event.preventDefault();
    const errors = {
      email: looksLikeEmail(email) ? undefined : tAuth(email.trim() ? 'emailInvalid' : 'emailRequired'),
      password: password ? undefined : tAuth('passwordRequired'),
    };
    setFieldErrors(errors);
    if (errors.email || errors.password) return;
    setBusy(true);
    setUnconfirmed(null);
    try {
      const answer = await authApi.logIn({ email: email.trim(), password, extendedLogin, sessionKind });
      if ('totpRequired' in answer) {
        setLoginTicket(answer.loginTicket);
        setOtp('');
      } else {
        finish(answer);
      }
    } catch (error) {
      // Not confirmed yet: said on the page, with the offer to send the confirmation again (no dialog to dismiss).
      if (error instanceof ApiCallError && error.code === 'emailNotConfirmed') {
        setUnconfirmed({ email: email.trim(), resent: false });
      } else {
        await showError(error);
      }
    } finally {
      setBusy(false);
    }
  }

  async function resendConfirmation() {
    if (!unconfirmed) return;
    setResending(true);
    try {
      await authApi.resendConfirmation(unconfirmed.email);
      setUnconfirmed({ email: unconfirmed.email, resent: true });
    } catch (error) {
      const text = loginErrorText(error);
      await dialogs.error(
        t('resendErrorTitle'),
        text.title === 'bannedTitle' ? t('resendThrottled', text.values) : t('resendError'),
        error,
        { explained: text.title === 'bannedTitle' },
      );
    } finally {
      setResending(false);
    }
  }

  async function signInWithMicrosoft() {
    const emailError = looksLikeEmail(email) ? undefined : tAuth(email.trim() ? 'emailInvalid' : 'emailRequired');
    setFieldErrors({ email: emailError });
    if (emailError) return;
    setMicrosoftBusy(true);
    try {
      const { url } = await authApi.startMicrosoftSignIn(email.trim());
      rememberMicrosoftState(url, redirectTo);
      window.location.assign(url);
    } catch (error) {
      setMicrosoftBusy(false);
      await showError(error);
    }
  }

  async function submitOtp(event: FormEvent) {
    event.preventDefault();
    const code = otp.replace(/\s/g, '');
    if (!/^\d{6,8}$/.test(code)) {
      setFieldErrors({ otp: t('otpInvalidFormat') });
      return;
    }
    setFieldErrors({});
    setBusy(true);
    try {
      finish(await authApi.logInWithCode({ loginTicket, otp: code, extendedLogin, sessionKind }));
    } catch (error) {
      await showError(error);
    } finally {
      setBusy(false);
    }
  }

  if (loginTicket) {
    return (
      <AuthCard title={t('otpHeading')} description={t('otpIntro')}>
        <form className="form" onSubmit={submitOtp} noValidate>
          <TextField
            label={t('otp')}
            name="otp"
            value={otp}
            onChange={setOtp}
            autoComplete="one-time-code"
            inputMode="numeric"
            pattern="[0-9]*"
            maxLength={10}
            required
            autoFocus
            error={fieldErrors.otp}
          />
          <SubmitButton busy={busy} className="block">
            {t('otpSubmit')}
          </SubmitButton>
          <button
            type="button"
            className="button ghost block"
            onClick={() => {
              setLoginTicket(null);
              setOtp('');
              setFieldErrors({});
            }}
          >
            {t('otpBack')}
          </button>
        </form>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t('heading')}
      description={t('intro')}
      footer={
        <p>
          {t('noAccount')} <Link href="/signup">{t('signup')}</Link>
        </p>
      }
    >
      {microsoftNotice === 'unavailable' ? (
        <div className="notice" role="status">
          <p>{tMicrosoft('notices.unavailable')}</p>
        </div>
      ) : (
        microsoftNotice && <FormError message={tMicrosoft(`notices.${microsoftNotice}`)} />
      )}
      {unconfirmed &&
        (unconfirmed.resent ? (
          <div className="notice success" role="status" data-testid="confirmation-resent">
            <p>{t('confirmationResent', { email: unconfirmed.email })}</p>
          </div>
        ) : (
          <div className="notice warning" role="alert" data-testid="email-not-confirmed">
            <p>{t('emailNotConfirmed')}</p>
            <BusyButton busy={resending} className="button" onClick={() => void resendConfirmation()}>
              {t('resendConfirmation')}
            </BusyButton>
          </div>
        ))}
      <form className="form" onSubmit={submitPassword} noValidate>
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
          error={fieldErrors.email}
        />
        <TextField
          label={t('password')}
          name="password"
          type="password"
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
          required
          error={fieldErrors.password}
        />
        {sessionKind === 'device' && <p className="muted">{t('deviceLoginNote')}</p>}
        <div className="form-row">
          {sessionKind === 'console' && (
            <CheckboxField
              label={t('extendedLogin')}
              name="extendedLogin"
              checked={extendedLogin}
              onChange={setExtendedLogin}
            />
          )}
          <Link href="/forgotPassword" className="form-link">
            {t('forgotPassword')}
          </Link>
        </div>
        <SubmitButton busy={busy} className="block">
          {t('submit')}
        </SubmitButton>
        <BusyButton busy={microsoftBusy} className="button block" onClick={() => void signInWithMicrosoft()}>
          {tMicrosoft('button')}
        </BusyButton>
      </form>
    </AuthCard>
  );
}
