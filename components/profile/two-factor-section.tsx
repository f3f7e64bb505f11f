'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { useDialogs } from '@/components/ui/dialogs';
import { BusyButton, SubmitButton, TextField } from '@/components/ui/form';
import { useToast } from '@/components/ui/toasts';
import { ApiCallError } from '@/lib/http/client';
import { profileApi, type TotpSetup } from './profile-api';
import { ProfileSection } from './profile-section';
import styles from './two-factor.module.css';

type Step = { kind: 'idle' } | { kind: 'setup'; setup: TotpSetup } | { kind: 'disable' };

/** Groups of four, as authenticator apps show keys (they ignore the spaces). */
function groupKey(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/** Turning two-factor authentication on (scan or type the key, confirm with a code) and off (with a current code). */
export function TwoFactorSection({ enabled, onChange }: { enabled: boolean; onChange: (enabled: boolean) => void }) {
  const t = useTranslations('profile.twoFactor');
  const tValidation = useTranslations('forms');
  const dialogs = useDialogs();
  const toast = useToast();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  function open(next: Step) {
    setStep(next);
    setCode('');
    setCodeError(undefined);
  }

  async function startSetup() {
    setBusy(true);
    try {
      open({ kind: 'setup', setup: await profileApi.totpSetup() });
    } catch (error) {
      await dialogs.error(t('qrErrorTitle'), t('qrErrorMessage'), error);
    } finally {
      setBusy(false);
    }
  }

  /** The typed code without spaces, or null (and a field message) when it cannot be a code. */
  function typedCode(): string | null {
    const digits = code.replace(/\s/g, '');
    const problem = digits
      ? /^\d{6}$/.test(digits)
        ? undefined
        : tValidation('invalid', { value: t('code') })
      : tValidation('required', { value: t('code') });
    setCodeError(problem);
    return problem ? null : digits;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const otp = typedCode();
    if (!otp) return;
    const turningOn = step.kind === 'setup';
    setBusy(true);
    try {
      const answer = turningOn ? await profileApi.enableTotp(otp) : await profileApi.disableTotp(otp);
      onChange(answer.use2FA);
      open({ kind: 'idle' });
      toast(answer.use2FA ? t('enabled') : t('disabled'));
    } catch (error) {
      const wrongCode = error instanceof ApiCallError && error.code === 'invalidOtp';
      const title = turningOn ? t('enableErrorTitle') : t('disableErrorTitle');
      await dialogs.error(
        title,
        wrongCode ? t('wrongCode') : turningOn ? t('enableErrorMessage') : t('disableErrorMessage'),
        error,
      );
    } finally {
      setBusy(false);
    }
  }

  const badge = (
    <span className={`${styles.badge} ${enabled ? styles.on : styles.off}`}>{enabled ? t('on') : t('off')}</span>
  );
  const codeForm = (submitLabel: string, label: string) => (
    <form className={styles.codeForm} onSubmit={submit} noValidate>
      <TextField
        label={label}
        name="otp"
        value={code}
        onChange={(value) => {
          setCode(value);
          setCodeError(undefined);
        }}
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={7}
        required
        autoFocus
        error={codeError}
        className={styles.codeField}
      />
      <div className={styles.actions}>
        <button type="button" className="button" onClick={() => open({ kind: 'idle' })} disabled={busy}>
          {t('cancel')}
        </button>
        <SubmitButton busy={busy}>{submitLabel}</SubmitButton>
      </div>
    </form>
  );

  return (
    <ProfileSection
      id="two-factor"
      title={t('heading')}
      badge={badge}
      description={enabled ? t('onIntro') : t('offIntro')}
    >
      {step.kind === 'setup' && (
        <div className={styles.setup}>
          <ol className={styles.steps}>
            <li>
              <p>{t('scan')}</p>
              <div className={styles.qrRow}>
                {}
                <img src={step.setup.qrCode} alt={t('qrAlt')} width={176} height={176} className={styles.qr} />
                <div className={styles.manual}>
                  <p className="muted">{t('manualEntry')}</p>
                  <code className={styles.secret} data-testid="totp-secret">
                    {groupKey(step.setup.secret)}
                  </code>
                </div>
              </div>
            </li>
            <li>
              <p>{t('enterCode')}</p>
              {codeForm(t('confirmEnable'), t('code'))}
            </li>
          </ol>
        </div>
      )}
      {step.kind === 'disable' && codeForm(t('confirmDisable'), t('currentCode'))}
      {step.kind === 'idle' && (
        <div className={styles.idle}>
          {enabled ? (
            <button type="button" className="button" onClick={() => open({ kind: 'disable' })}>
              {t('disable')}
            </button>
          ) : (
            <BusyButton className="button primary" onClick={startSetup} disabled={busy} busy={busy}>
              {t('enable')}
            </BusyButton>
          )}
        </div>
      )}
      <p className={styles.note}>{t('sessionsNote')}</p>
    </ProfileSection>
  );
}
