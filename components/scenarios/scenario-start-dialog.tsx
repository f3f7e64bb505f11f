'use client';

import { useRouter } from 'next/navigation';
import { useFormatter, useTranslations } from 'next-intl';
import { useEffect, useState, type FormEvent } from 'react';
import { AlertEmblem } from '@/components/ui/alert-emblem';
import { useMyPosition } from '@/components/ui/use-my-position';
import { Modal, useDialogs } from '@/components/ui/dialogs';
import { useFieldRules } from '@/components/ui/field-rules';
import { FormError, SubmitButton } from '@/components/ui/form';
import { MessageFields } from '@/components/alert-form/message-fields';
import { AskedOptions } from '@/components/alerts/answers/asked-options';
import { useToast } from '@/components/ui/toasts';
import { scenarioApi, type Scenario } from './scenario-api';
import { isTooLong, scenarioAlertType, START_MESSAGE, START_TITLE, startBody } from './scenario-start';
import styles from './scenarios.module.css';

/** Spec §4: after a successful start the user goes to the new alert this much later. */
export const OPEN_ALERT_DELAY_MS = 500;

/**
 * The scenario start form (spec §2): title and message prefilled from the scenario, checked as typed (spec §5). Send
 * stays disabled while a field is invalid or the scenario has no valid recipients; a started scenario opens its alert.
 */
export function ScenarioStartDialog({ scenario, onClose }: { scenario: Scenario; onClose: () => void }) {
  const t = useTranslations('dashboard.scenarios');
  const fields = useTranslations('newAlert.fields');
  const types = useTranslations('alerts.types');
  const channelNames = useTranslations('alerts.channels');
  const errorTitles = useTranslations('alerts.errorTitles');
  const format = useFormatter();
  const rules = useFieldRules();
  const dialogs = useDialogs();
  const toast = useToast();
  const router = useRouter();
  const myPosition = useMyPosition();
  const { locate } = myPosition;
  const [title, setTitle] = useState(scenario.alertData.title);
  const [message, setMessage] = useState(scenario.alertData.body);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (scenario.includePosition) locate();
  }, [scenario.includePosition, locate]);

  const lengthError = (label: string, value: string, limits: { min: number; max: number }) =>
    rules.text(label, value, limits.min) ??
    (isTooLong(value, limits.max) ? t('tooLong', { value: label, max: limits.max }) : undefined);
  const titleError = lengthError(fields('title'), title, START_TITLE);
  const messageError = lengthError(fields('message'), message, START_MESSAGE);
  const canSend = !titleError && !messageError && scenario.hasValidTarget;
  const type = scenarioAlertType(scenario);

  async function send(event: FormEvent) {
    event.preventDefault();
    if (!canSend || busy) return;
    setBusy(true);
    try {
      const { alertId } = await scenarioApi.start(scenario.id, startBody(title, message, myPosition.position));
      // Spec §8: an answer without the new alert's id is a failure.
      if (!alertId) throw new Error(t('noAlertId'));
      toast(t('started', { name: scenario.name }));
      // Busy until the alert opens, so the scenario is not started twice.
      setTimeout(() => router.push(`/alerts/${alertId}`), OPEN_ALERT_DELAY_MS);
    } catch (error) {
      setBusy(false);
      await dialogs.error(errorTitles('send'), t('sendErrorMessage'), error);
    }
  }

  return (
    <Modal
      className={styles.startDialog}
      labelledBy="scenario-start-title"
      describedBy="scenario-start-intro"
      onDismiss={() => !busy && onClose()}
    >
      <form onSubmit={send} noValidate>
        <div className={`dialog-content ${styles.startContent}`}>
          <header className={styles.startHeader}>
            <AlertEmblem type={type} label={types(type)} />
            <div>
              <h2 id="scenario-start-title">{t('startTitle', { name: scenario.name })}</h2>
              <p id="scenario-start-intro" className="muted small">
                {t('startIntro', { channels: format.list(scenario.channels.map((channel) => channelNames(channel))) })}
              </p>
            </div>
          </header>
          {!scenario.hasValidTarget && <FormError message={t('noValidRecipients')} />}
          <MessageFields
            title={title}
            message={message}
            onTitle={setTitle}
            onMessage={setMessage}
            titleError={titleError}
            messageError={messageError}
            limits={{ title: START_TITLE.max, message: START_MESSAGE.max }}
            ids={{ title: 'scenario-start-alert-title', message: 'scenario-start-message' }}
            brief
          />
          {scenario.alertData.responseOptions.length > 0 && (
            <AskedOptions
              options={scenario.alertData.responseOptions.map((option, index) => ({
                option: index + 1,
                kind: option.kind,
                label: option.label ?? null,
              }))}
            />
          )}
          {scenario.includePosition && <PositionNote state={myPosition.state.status} />}
        </div>
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose} disabled={busy}>
            {t('cancel')}
          </button>
          <SubmitButton busy={busy} disabled={!canSend}>
            {t('send')}
          </SubmitButton>
        </div>
      </form>
    </Modal>
  );
}

/** Whether the sender's position goes with the alert (scenarios that include it). */
function PositionNote({ state }: { state: 'off' | 'locating' | 'on' | 'failed' }) {
  const t = useTranslations('dashboard.scenarios.position');
  const key = state === 'on' ? 'included' : state === 'failed' ? 'failed' : 'locating';
  return (
    <p className="muted small" role="status">
      {t(key)}
    </p>
  );
}
