'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { useDialogs } from '@/components/ui/dialogs';
import { looksLikeEmail } from '@/components/ui/email';
import { SubmitButton, TextField } from '@/components/ui/form';
import { CheckIcon, ErrorIcon, InboxIcon, WarningIcon } from '@/components/ui/icons';
import { PhoneInput, type PhoneValue } from '@/components/ui/phone-input';
import { formatPhone, isValidE164, toE164 } from '@/components/ui/phone-number';
import { SectionCard } from '@/components/ui/section-card';
import { useApiData } from '@/components/ui/use-api-data';
import { useDialCodes } from '@/components/ui/use-dial-codes';
import { ApiCallError } from '@/lib/http/client';
import {
  channelDriversQuery,
  channelTestApi,
  TESTED_CHANNELS,
  type ChannelDrivers,
  type ChannelTestAnswer,
  type ProviderAnswer,
  type TestedChannel,
} from './channel-test-api';
import segmented from '@/components/ui/segmented.module.css';
import styles from './channel-test.module.css';

/**
 * "Test a channel" (issue 35, item 4): one test SMS, call or e-mail to a number or address the operator types, or a
 * test push to their own devices, sent now; then each provider's answer as it gave it (the id, the status, the error
 * code and words), and where the channel only records in the outbox, which settings make it send.
 */
export function ChannelTestSection() {
  const t = useTranslations('operator.channelTest');
  const dialogs = useDialogs();
  const ids = useId();
  const drivers = useApiData(channelDriversQuery, () => undefined).state;
  const { dialCodes, defaultDialCode } = useDialCodes();
  const [channel, setChannel] = useState<TestedChannel>('sms');
  const [phone, setPhone] = useState<PhoneValue>({ dialCode: '', localNumber: '' });
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<ChannelTestAnswer | null>(null);
  const phoneValue = { ...phone, dialCode: phone.dialCode || defaultDialCode };
  const byPhone = channel === 'sms' || channel === 'call';

  function choose(next: TestedChannel) {
    setChannel(next);
    setFieldError(null);
    setRefusal(null);
    setAnswer(null);
  }

  function request() {
    if (channel === 'push') return { channel };
    if (channel === 'email') return looksLikeEmail(email) ? { channel, to: email.trim() } : null;
    const number = toE164(phoneValue.dialCode, phoneValue.localNumber);
    return isValidE164(number) ? { channel, to: number } : null;
  }

  async function send(event: FormEvent) {
    event.preventDefault();
    const test = request();
    setFieldError(test ? null : t(byPhone ? 'phoneInvalid' : 'emailInvalid'));
    setRefusal(null);
    if (!test) return;
    setBusy(true);
    setAnswer(null);
    try {
      setAnswer(await channelTestApi.send(test));
    } catch (error) {
      if (error instanceof ApiCallError && error.code === 'throttled') setRefusal(t('throttled'));
      else if (error instanceof ApiCallError && error.code === 'callsBusy')
        setRefusal(t('callsBusy', { seconds: Number(error.body?.secondsRemaining) || 10 }));
      else await dialogs.error(t('sendErrorTitle'), t('sendErrorMessage'), error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <SectionCard id="channel-test" title={t('heading')} intro={t('intro')}>
      <div className={styles.layout}>
        <form className={styles.form} onSubmit={send} noValidate aria-label={t('heading')}>
          <fieldset className={styles.channels}>
            <legend>{t('channel')}</legend>
            <div className={segmented.segmented}>
              {TESTED_CHANNELS.map((option) => (
                <label key={option} className={segmented.segment} data-checked={channel === option || undefined}>
                  <input
                    type="radio"
                    name={`${ids}-channel`}
                    value={option}
                    checked={channel === option}
                    onChange={() => choose(option)}
                    className="sr-only"
                  />
                  {t(`channels.${option}`)}
                </label>
              ))}
            </div>
          </fieldset>
          {drivers.status === 'loaded' && <ChannelRoute channel={channel} drivers={drivers.data.drivers} />}
          {byPhone && (
            <PhoneInput
              label={t('phone')}
              name="channel-test-phone"
              value={phoneValue}
              onChange={setPhone}
              dialCodes={dialCodes}
              error={fieldError ?? undefined}
              autoComplete="off"
            />
          )}
          {channel === 'email' && (
            <TextField
              label={t('email')}
              name="channel-test-email"
              type="email"
              value={email}
              onChange={setEmail}
              error={fieldError}
              autoComplete="off"
            />
          )}
          {channel === 'push' && <p className={styles.hint}>{t('pushHint')}</p>}
          <div className={styles.actions}>
            <SubmitButton busy={busy}>{t(`send.${channel}`)}</SubmitButton>
          </div>
        </form>
        <div className={styles.result} aria-live="polite">
          {busy && <p className="muted">{t('sending')}</p>}
          {refusal && (
            <p className={`notice warning ${styles.notice}`} role="alert">
              {refusal}
            </p>
          )}
          {answer && <TestAnswer answer={answer} />}
        </div>
      </div>
    </SectionCard>
  );
}

/** Where the chosen channel's test goes: its provider, or only the outbox (then nothing is sent). */
function ChannelRoute({ channel, drivers }: { channel: TestedChannel; drivers: ChannelDrivers }) {
  const t = useTranslations('operator.channelTest');
  const names = useTranslations('outbox.drivers.providers');
  const routes: [string, string][] =
    channel === 'push'
      ? [
          [t('route.apps'), drivers.push],
          [t('route.browsers'), drivers.web],
        ]
      : [[t('route.provider'), { sms: drivers.sms, call: drivers.voice, email: drivers.email }[channel]]];
  return (
    <dl className={styles.route} data-testid="channel-route">
      {routes.map(([label, driver]) => (
        <div key={label} data-outbox={driver === 'outbox' || undefined}>
          <dt>{label}</dt>
          <dd>{driver === 'outbox' ? t('outboxOnly') : names(driver)}</dd>
        </div>
      ))}
    </dl>
  );
}

function TestAnswer({ answer }: { answer: ChannelTestAnswer }) {
  const t = useTranslations('operator.channelTest');
  const format = useFormatter();
  return (
    <section className={styles.answers} aria-labelledby="channel-test-answer">
      <h3 id="channel-test-answer" className={styles.answerHeading}>
        {t('resultHeading')}
      </h3>
      {answer.noDevices && <p className={`notice warning ${styles.notice}`}>{t('noDevices')}</p>}
      {answer.answers.map((each, index) => (
        <ProviderAnswerCard key={index} channel={answer.channel} answer={each} />
      ))}
      {answer.settingsToSend.length > 0 && (
        <p className={`notice ${styles.notice}`}>
          {t.rich('settingsToSend', {
            settings: () =>
              format.list(
                answer.settingsToSend.map((name) => <code key={name}>{name}</code>),
                { type: 'conjunction' },
              ),
          })}
        </p>
      )}
    </section>
  );
}

const OUTCOME_ICONS = { sent: CheckIcon, failed: ErrorIcon, recorded: InboxIcon } as const;

function ProviderAnswerCard({ channel, answer }: { channel: TestedChannel; answer: ProviderAnswer }) {
  const t = useTranslations('operator.channelTest');
  const Icon = answer.outcome === 'failed' && answer.reason ? WarningIcon : OUTCOME_ICONS[answer.outcome];
  const recipient = channel === 'sms' || channel === 'call' ? formatPhone(answer.recipient) : answer.recipient;
  const rows: [string, string, boolean][] = [];
  if (answer.id) rows.push([t(`idLabels.${answer.provider}`), answer.id, true]);
  if (answer.status) rows.push([t(`statusLabels.${answer.provider}`), answer.status, true]);
  if (answer.errorCode) rows.push([t(`errorCodeLabels.${answer.provider}`), answer.errorCode, true]);
  if (answer.errorMessage) rows.push([t('fields.errorMessage'), answer.errorMessage, false]);
  if (answer.reason) rows.push([t('fields.reason'), t(`reasons.${answer.reason}`), false]);
  return (
    <article className={styles.answer} data-outcome={answer.outcome} data-testid="channel-test-answer">
      <p className={styles.answerTitle}>
        <Icon className={styles.answerIcon} />
        <span>
          <strong>{t(`outcomes.${answer.outcome}`)}</strong>
          <span className={styles.answerSummary}>
            {t(`summaries.${answer.outcome}`, { provider: t(`providers.${answer.provider}`), recipient })}
          </span>
        </span>
      </p>
      {rows.length > 0 && (
        <dl className={styles.details}>
          {rows.map(([label, value, verbatim]) => (
            <div key={label} className={styles.detail}>
              <dt>{label}</dt>
              <dd>{verbatim ? <code>{value}</code> : value}</dd>
            </div>
          ))}
        </dl>
      )}
    </article>
  );
}
