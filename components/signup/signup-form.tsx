'use client';

import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { AuthCard } from '@/components/ui/card';
import { useDialogs } from '@/components/ui/dialogs';
import { CheckboxField, FormError, SubmitButton, TextField } from '@/components/ui/form';
import { allValid, MIN_NAME_LENGTH, MIN_PASSWORD_LENGTH, useFieldRules } from '@/components/ui/field-rules';
import { PhoneInput, type PhoneValue } from '@/components/ui/phone-input';
import { toE164 } from '@/components/ui/phone-number';
import { useDialCodes } from '@/components/ui/use-dial-codes';
import { MailIcon } from '@/components/ui/icons';
import { browserCountryHints, dialCodeOfCountry, guessCountry } from '@/lib/phone/guess-country';
import { Captcha, type CaptchaHandle } from './captcha';
import { EulaDialog } from './eula-dialog';
import { signupErrorText } from './signup-error';
import { CAPTCHA_CHALLENGE_PATH, signupApi, type SignUpPolicy } from './signup-api';
import styles from './signup.module.css';

type Field = 'companyName' | 'name' | 'email' | 'phone' | 'password' | 'acceptEula';

/** Company sign-up (spec §1, §5): the company, its first owner, the end user agreement and the captcha. */
export function SignupForm() {
  const t = useTranslations('signup');
  const locale = useLocale();
  const dialogs = useDialogs();
  const rules = useFieldRules();
  const { dialCodes, defaultDialCode, failed: dialCodesFailed } = useDialCodes();
  const captcha = useRef<CaptchaHandle>(null);
  const [companyName, setCompanyName] = useState('');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState<PhoneValue>({ dialCode: '', localNumber: '' });
  const [password, setPassword] = useState('');
  const [acceptEula, setAcceptEula] = useState(false);
  const [captchaPayload, setCaptchaPayload] = useState<string | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [eulaOpen, setEulaOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  // Who may sign up here (issue 35): the form says it before anyone types; the server checks it again.
  const [policy, setPolicy] = useState<SignUpPolicy | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    signupApi.policy(controller.signal).then(setPolicy, () => undefined);
    return () => controller.abort();
  }, []);
  // The visitor's country from the browser's time zone and languages (nothing is sent anywhere to find it), read
  // after hydration: the server cannot know it.
  const [guessedDialCode, setGuessedDialCode] = useState<string | null>(null);
  useEffect(() => {
    const country = guessCountry(browserCountryHints());
    setGuessedDialCode(country && dialCodeOfCountry(country));
  }, []);
  const preselectedDialCode =
    guessedDialCode && dialCodes.includes(guessedDialCode) ? guessedDialCode : defaultDialCode;

  /** A setter that also clears the field's message: it was about the old value. */
  function edit<T>(field: Field, set: (value: T) => void) {
    return (value: T) => {
      set(value);
      setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
    };
  }

  const phoneValue = { ...phone, dialCode: phone.dialCode || preselectedDialCode };
  const e164 = toE164(phoneValue.dialCode, phoneValue.localNumber);

  function validate(): boolean {
    const found: Partial<Record<Field, string>> = {
      companyName: rules.text(t('companyName'), companyName, MIN_NAME_LENGTH),
      name: rules.text(t('name'), name, MIN_NAME_LENGTH),
      email: rules.email(t('email'), email),
      phone: rules.phone(t('phone'), phoneValue.localNumber, e164),
      password: rules.password(t('password'), password, MIN_PASSWORD_LENGTH),
      acceptEula: acceptEula ? undefined : t('eulaRequired'),
    };
    setErrors(found);
    return allValid(found);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!validate()) return;
    if (!captchaPayload) {
      await dialogs.text({ type: 'error', title: t('errors.robotTitle'), message: t('errors.robotMessage') });
      return;
    }
    setBusy(true);
    try {
      const answer = await signupApi.signUp({
        companyName: companyName.trim(),
        name: name.trim(),
        email: email.trim(),
        phone: e164,
        password,
        acceptEula: true,
        captcha: captchaPayload,
        locale,
      });
      setSentTo(answer.email);
    } catch (error) {
      const text = signupErrorText(error);
      // A solution is accepted once: solve a fresh challenge for the next try.
      setCaptchaPayload(null);
      captcha.current?.renew();
      await dialogs.error(t(text.title), t(text.message), error);
    } finally {
      setBusy(false);
    }
  }

  if (sentTo) {
    return (
      <AuthCard title={t('checkEmail.heading')}>
        <div className={styles.sent}>
          <span className={styles.sentIcon} aria-hidden="true">
            <MailIcon size={28} />
          </span>
          <p>{t.rich('checkEmail.message', { email: sentTo, strong: (chunks) => <strong>{chunks}</strong> })}</p>
          <p className="muted">{t('checkEmail.spam')}</p>
        </div>
        <Link href="/login" className="button block">
          {t('checkEmail.toLogin')}
        </Link>
      </AuthCard>
    );
  }

  if (policy?.signUpPolicy === 'closed') {
    return (
      <AuthCard title={t('closedHeading')}>
        <p>{t('closedMessage')}</p>
        <Link href="/login" className="button block">
          {t('checkEmail.toLogin')}
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      wide
      title={t('heading')}
      description={t('intro')}
      footer={
        <p>
          {t('haveAccount')} <Link href="/login">{t('login')}</Link>
        </p>
      }
    >
      <form className={`form ${styles.form}`} onSubmit={submit} noValidate>
        <div className={styles.pair}>
          <TextField
            label={t('companyName')}
            name="companyName"
            value={companyName}
            onChange={edit('companyName', setCompanyName)}
            autoComplete="organization"
            required
            autoFocus
            error={errors.companyName}
          />
          <TextField
            label={t('name')}
            name="name"
            value={name}
            onChange={edit('name', setName)}
            autoComplete="name"
            required
            error={errors.name}
          />
        </div>
        <TextField
          label={t('email')}
          name="email"
          type="email"
          inputMode="email"
          value={email}
          onChange={edit('email', setEmail)}
          autoComplete="email"
          required
          error={errors.email}
          hint={
            policy?.signUpPolicy === 'domains'
              ? t('domainsHint', { domains: policy.signUpDomains.join(', ') })
              : undefined
          }
        />
        <PhoneInput
          label={t('phone')}
          name="phone"
          value={phoneValue}
          onChange={edit('phone', setPhone)}
          dialCodes={dialCodes}
          autoComplete="tel-national"
          required
          error={errors.phone}
          hint={t('phoneHint')}
        />
        <TextField
          label={t('password')}
          name="password"
          type="password"
          value={password}
          onChange={edit('password', setPassword)}
          autoComplete="new-password"
          required
          hint={t('passwordHint', { min: MIN_PASSWORD_LENGTH })}
          error={errors.password}
        />
        <CheckboxField
          label={t('acceptEula')}
          name="acceptEula"
          checked={acceptEula}
          onChange={edit('acceptEula', setAcceptEula)}
          required
          error={errors.acceptEula}
          className={styles.eula}
          hint={
            <button type="button" className={`link-button ${styles.linkButton}`} onClick={() => setEulaOpen(true)}>
              {t('readEula')}
            </button>
          }
        />
        <Captcha ref={captcha} challengeUrl={CAPTCHA_CHALLENGE_PATH} onPayload={setCaptchaPayload} />
        <FormError message={dialCodesFailed ? t('errors.dialCodesFailed') : null} />
        <SubmitButton busy={busy} className="block">
          {busy ? t('submitting') : t('submit')}
        </SubmitButton>
      </form>
      {eulaOpen && <EulaDialog onClose={() => setEulaOpen(false)} />}
    </AuthCard>
  );
}
