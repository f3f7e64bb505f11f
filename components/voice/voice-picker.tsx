'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { useDialogs } from '@/components/ui/dialogs';
import { SelectField } from '@/components/ui/form';
import { useApiData } from '@/components/ui/use-api-data';
import { HTML_LANG, LOCALES, type Locale } from '@/lib/i18n/locales';
import { findCallVoice } from '@/lib/voice/voice-catalogue';
import { DEFAULT_VOICES } from '@/lib/voice/voice-rules';
import { voicesQuery } from './voice-api';
import styles from './voice.module.css';

const localeOfVoice = (voiceId: string) =>
  LOCALES.find((locale) => HTML_LANG[locale] === findCallVoice(voiceId)?.language);

/** The language calls speak and the voice that speaks it, from the voices Twilio can use (GET /api/voices). */
export function VoicePicker({
  initialLocale,
  voiceId,
  onChange,
}: {
  initialLocale: Locale;
  voiceId: string;
  onChange: (voiceId: string) => void;
}) {
  const t = useTranslations('voiceSettings.voice');
  const uiLocale = useLocale();
  const dialogs = useDialogs();
  const [locale, setLocale] = useState<Locale>(() => localeOfVoice(voiceId) ?? initialLocale);
  const { state } = useApiData(
    voicesQuery(locale),
    (error) => void dialogs.error(t('loadErrorTitle'), t('loadErrorMessage'), error),
  );

  const languageOptions = useMemo(() => {
    const names = new Intl.DisplayNames([uiLocale], { type: 'language' });
    return LOCALES.map((value) => ({ value, label: names.of(HTML_LANG[value]) ?? value }));
  }, [uiLocale]);

  const voices = state.status === 'loaded' ? state.data.voices : [findCallVoice(voiceId)].filter((voice) => !!voice);
  const voiceOptions = voices.map((voice) => ({
    value: voice.id,
    label: t('option', {
      name: voice.name,
      gender: voice.gender,
      provider: voice.provider,
      neural: String(voice.neural),
    }),
  }));

  return (
    <div className={styles.pickers}>
      <SelectField
        label={t('language')}
        name="voiceLanguage"
        value={locale}
        onChange={(value) => {
          const next = value as Locale;
          setLocale(next);
          onChange(DEFAULT_VOICES[next]);
        }}
        options={languageOptions}
        hint={t('languageHint')}
      />
      <SelectField
        label={t('label')}
        name="voiceId"
        value={voiceId}
        onChange={onChange}
        options={voiceOptions}
        disabled={state.status !== 'loaded'}
        hint={t('hint')}
      />
    </div>
  );
}
