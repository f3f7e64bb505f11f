'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import type { AlertForm, FormField, Severity } from './alert-form';
import { ChannelsField } from './channels-field';
import { FormSection } from './form-section';
import { MessageFields } from './message-fields';
import { RecipientsField } from './recipients-field';
import { ResponseOptionsField } from './response-options-field';
import { SeverityField } from './severity-field';
import { useVoiceAllowed } from './use-voice-allowed';

/**
 * The alert an admin sends, as three cards: the message (severity, title, message), the recipients, and the delivery
 * (channels, response options, then what the screen adds: files, options). New alert and the scenario editor are built from it.
 */
export function AlertFields({
  form,
  onChange,
  problemText,
  messageTitle,
  severities,
  limits,
  delivery,
}: {
  form: AlertForm;
  onChange: (patch: Partial<AlertForm>) => void;
  problemText: (field: FormField) => string | undefined;
  /** The heading of the message card. */
  messageTitle: string;
  severities?: readonly Severity[];
  limits?: { title: number; message: number };
  delivery: ReactNode;
}) {
  const t = useTranslations('newAlert.sections');
  const voiceAllowed = useVoiceAllowed();
  return (
    <>
      <FormSection id="section-message" title={messageTitle}>
        <SeverityField value={form.severity} onChange={(severity) => onChange({ severity })} options={severities} />
        <MessageFields
          title={form.title}
          message={form.message}
          onTitle={(title) => onChange({ title })}
          onMessage={(message) => onChange({ message })}
          titleError={problemText('title')}
          messageError={problemText('message')}
          limits={limits}
        />
      </FormSection>
      <FormSection id="section-recipients" title={t('recipients')}>
        <RecipientsField value={form} onChange={onChange} error={problemText('recipients')} />
      </FormSection>
      <FormSection id="section-delivery" title={t('delivery')}>
        <ChannelsField
          value={form.channels}
          onChange={(channels) => onChange({ channels })}
          voiceAllowed={voiceAllowed}
          error={problemText('channels')}
        />
        <ResponseOptionsField
          value={form.responseOptions}
          onChange={(responseOptions) => onChange({ responseOptions })}
          error={problemText('responseOptions')}
        />
        {delivery}
      </FormSection>
    </>
  );
}
