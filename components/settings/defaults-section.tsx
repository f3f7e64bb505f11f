'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useMemo, useState, type FormEvent } from 'react';
import { SelectField, SubmitButton, TextAreaField } from '@/components/ui/form';
import { SectionCard } from '@/components/ui/section-card';
import { MAX_CONFERENCE_TEXT, MAX_DEFAULT_SOS_MESSAGE } from '@/lib/settings/setting-rules';
import type { CompanySettings } from './settings-api';
import { useSaveSettings } from './use-save-settings';
import styles from './settings.module.css';

/** The country phone fields and imports assume, the text of an SOS sent without one, and the conference text of calls. */
export function DefaultsSection({
  data,
  onSaved,
}: {
  data: CompanySettings;
  onSaved: (saved: Partial<CompanySettings['settings']>) => void;
}) {
  const t = useTranslations('companySettings.defaults');
  const locale = useLocale();
  const { settings, choices } = data;
  const [country, setCountry] = useState(settings.defaultCountry);
  const [sosMessage, setSosMessage] = useState(settings.defaultSosMessage ?? '');
  const [conferenceText, setConferenceText] = useState(settings.conferenceText ?? '');
  const { saving, save } = useSaveSettings(settings, onSaved);

  const countryOptions = useMemo(() => {
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    return choices.defaultCountries
      .map(({ country: code, dialCode }) => ({ value: code, label: `${names.of(code) ?? code} (${dialCode})` }))
      .sort((a, b) => a.label.localeCompare(b.label, locale));
  }, [choices.defaultCountries, locale]);

  function submit(event: FormEvent) {
    event.preventDefault();
    void save({
      defaultCountry: country,
      defaultSosMessage: sosMessage.trim() || null,
      conferenceText: conferenceText.trim() || null,
    });
  }

  return (
    <SectionCard id="defaults" title={t('heading')} intro={t('intro')}>
      <form onSubmit={submit} className={styles.form} noValidate>
        <SelectField
          label={t('country')}
          name="defaultCountry"
          value={country}
          onChange={setCountry}
          options={countryOptions}
          hint={t('countryHint')}
          className={styles.narrow}
        />
        <TextAreaField
          label={t('sosMessage')}
          name="defaultSosMessage"
          value={sosMessage}
          onChange={setSosMessage}
          maxLength={MAX_DEFAULT_SOS_MESSAGE}
          hint={t('sosMessageHint', { count: sosMessage.length, max: MAX_DEFAULT_SOS_MESSAGE })}
        />
        <TextAreaField
          label={t('conferenceText')}
          name="conferenceText"
          value={conferenceText}
          onChange={setConferenceText}
          maxLength={MAX_CONFERENCE_TEXT}
          hint={t('conferenceTextHint', { count: conferenceText.length, max: MAX_CONFERENCE_TEXT })}
        />
        <div className={styles.actions}>
          <SubmitButton busy={saving}>{t('save')}</SubmitButton>
        </div>
      </form>
    </SectionCard>
  );
}
