'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { CheckboxField, SelectField, SubmitButton } from '@/components/ui/form';
import { SectionCard } from '@/components/ui/section-card';
import type { CompanySettings } from './settings-api';
import { useSaveSettings } from './use-save-settings';
import styles from './settings.module.css';

const ROUNDS = [0, 1, 2, 3, 4, 5];
const CALL_AFTER_MINUTES = [1, 2, 3, 5, 10, 15, 20, 30, 45, 60];
const REPEAT_AFTER_MINUTES = [1, 2, 5, 10, 15, 20, 30, 45, 60, 90, 120];

/** The choices of a select, with the stored value among them even when it is not one of the usual ones. */
const withStored = (choices: number[], stored: number) =>
  choices.includes(stored) ? choices : [...choices, stored].sort((a, b) => a - b);

/**
 * The contact cycle until confirmed (issue 36): after the fallback SMS, a call, then further rounds of push, SMS and
 * call to whoever has neither confirmed nor answered — for alarms, or every alert.
 */
export function ContactCycleSection({
  data,
  onSaved,
}: {
  data: CompanySettings;
  onSaved: (saved: Partial<CompanySettings['settings']>) => void;
}) {
  const t = useTranslations('companySettings.contactCycle');
  const { settings } = data;
  const [rounds, setRounds] = useState(settings.contactCycleRounds);
  const [callAfter, setCallAfter] = useState(settings.contactCycleCallAfterMinutes);
  const [repeatAfter, setRepeatAfter] = useState(settings.contactCycleRepeatAfterMinutes);
  const [allSeverities, setAllSeverities] = useState(settings.contactCycleAllSeverities);
  const { saving, save } = useSaveSettings(settings, onSaved);

  const minuteOptions = (choices: number[], stored: number) =>
    withStored(choices, stored).map((count) => ({ value: String(count), label: t('minutes', { count }) }));

  function submit(event: FormEvent) {
    event.preventDefault();
    void save({
      contactCycleRounds: rounds,
      contactCycleCallAfterMinutes: callAfter,
      contactCycleRepeatAfterMinutes: repeatAfter,
      contactCycleAllSeverities: allSeverities,
    });
  }

  return (
    <SectionCard id="contact-cycle" title={t('heading')} intro={t('intro')}>
      <form onSubmit={submit} className={styles.form} noValidate>
        <SelectField
          label={t('rounds')}
          name="contactCycleRounds"
          value={String(rounds)}
          onChange={(value) => setRounds(Number(value))}
          options={withStored(ROUNDS, settings.contactCycleRounds).map((count) => ({
            value: String(count),
            label: count === 0 ? t('off') : t('roundCount', { count }),
          }))}
          hint={t('roundsHint')}
          className={styles.narrow}
        />
        <SelectField
          label={t('callAfter')}
          name="contactCycleCallAfterMinutes"
          value={String(callAfter)}
          onChange={(value) => setCallAfter(Number(value))}
          options={minuteOptions(CALL_AFTER_MINUTES, settings.contactCycleCallAfterMinutes)}
          hint={t('callAfterHint')}
          className={styles.narrow}
        />
        <SelectField
          label={t('repeatAfter')}
          name="contactCycleRepeatAfterMinutes"
          value={String(repeatAfter)}
          onChange={(value) => setRepeatAfter(Number(value))}
          options={minuteOptions(REPEAT_AFTER_MINUTES, settings.contactCycleRepeatAfterMinutes)}
          hint={t('repeatAfterHint')}
          className={styles.narrow}
        />
        <CheckboxField
          label={t('allSeverities')}
          name="contactCycleAllSeverities"
          checked={allSeverities}
          onChange={setAllSeverities}
          hint={t('allSeveritiesHint')}
        />
        <div className={styles.actions}>
          <SubmitButton busy={saving}>{t('save')}</SubmitButton>
        </div>
      </form>
    </SectionCard>
  );
}
