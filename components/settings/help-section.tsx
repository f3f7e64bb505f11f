'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { teamsQuery } from '@/components/alerts/alert-api';
import { SelectField, SubmitButton } from '@/components/ui/form';
import { SectionCard } from '@/components/ui/section-card';
import { useApiData } from '@/components/ui/use-api-data';
import type { CompanySettings } from './settings-api';
import { useSaveSettings } from './use-save-settings';
import styles from './settings.module.css';

/** The sender and admins (no team). */
const SENDER_AND_ADMINS = '';

/** The minutes after which an alert may ask again by itself (0: never). */
const REASK_CHOICES = [0, 5, 10, 15, 30, 60];

/**
 * The answers of alerts that ask: who is told at once, by push and e-mail, when someone answers "I need help" (a team,
 * or the sender and the admins), and whether the question is asked again by itself of who has not answered.
 */
export function HelpSection({
  data,
  onSaved,
}: {
  data: CompanySettings;
  onSaved: (saved: Partial<CompanySettings['settings']>) => void;
}) {
  const t = useTranslations('companySettings.help');
  const { settings } = data;
  const teams = useApiData(teamsQuery, () => undefined);
  const [team, setTeam] = useState(settings.helpTeam ?? SENDER_AND_ADMINS);
  const [reaskAfter, setReaskAfter] = useState(String(settings.reaskAfterMinutes));
  const { saving, save } = useSaveSettings(settings, onSaved);
  const teamOptions =
    teams.state.status === 'loaded'
      ? teams.state.data.teams.map((each) => ({ value: each.id, label: t('team', { name: each.name }) }))
      : [];

  function submit(event: FormEvent) {
    event.preventDefault();
    void save({ helpTeam: team === SENDER_AND_ADMINS ? null : team, reaskAfterMinutes: Number(reaskAfter) });
  }

  return (
    <SectionCard id="help" title={t('heading')} intro={t('intro')}>
      <form onSubmit={submit} className={styles.form} noValidate>
        <SelectField
          label={t('who')}
          name="helpTeam"
          value={team}
          onChange={setTeam}
          options={[{ value: SENDER_AND_ADMINS, label: t('senderAndAdmins') }, ...teamOptions]}
          hint={t('whoHint')}
          className={styles.narrow}
          disabled={teams.state.status !== 'loaded'}
        />
        <SelectField
          label={t('reask')}
          name="reaskAfterMinutes"
          value={reaskAfter}
          onChange={setReaskAfter}
          options={[...new Set([...REASK_CHOICES, settings.reaskAfterMinutes])]
            .sort((a, b) => a - b)
            .map((minutes) => ({
              value: String(minutes),
              label: minutes === 0 ? t('reaskNever') : t('reaskAfter', { minutes }),
            }))}
          hint={t('reaskHint')}
          className={styles.narrow}
        />
        <div className={styles.actions}>
          <SubmitButton busy={saving}>{t('save')}</SubmitButton>
        </div>
      </form>
    </SectionCard>
  );
}
