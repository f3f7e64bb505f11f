'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { useDialogs } from '@/components/ui/dialogs';
import { SubmitButton, TextField } from '@/components/ui/form';
import { SectionCard } from '@/components/ui/section-card';
import { useToast } from '@/components/ui/toasts';
import { settingsApi } from './settings-api';
import styles from './settings.module.css';

const MIN_NAME = 3;
const MAX_NAME = 100;

/** The company's name (spec §5: at least 3 characters), as every member sees it. */
export function CompanyNameSection({ name, onRenamed }: { name: string; onRenamed: () => void }) {
  const t = useTranslations('companySettings.name');
  const forms = useTranslations('forms');
  const tErrors = useTranslations('companySettings.errorTitles');
  const dialogs = useDialogs();
  const toast = useToast();
  const [value, setValue] = useState(name);
  const [attempted, setAttempted] = useState(false);
  const [saving, setSaving] = useState(false);
  const trimmed = value.trim();
  const error = !attempted
    ? undefined
    : !trimmed
      ? forms('required', { value: t('label') })
      : trimmed.length < MIN_NAME
        ? forms('tooShort', { value: t('label'), min: MIN_NAME })
        : undefined;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    if (trimmed.length < MIN_NAME) return;
    setSaving(true);
    try {
      await settingsApi.rename(trimmed);
      toast(t('saved'));
      onRenamed();
    } catch (failure) {
      await dialogs.error(tErrors('name'), t('errorMessage'), failure);
    } finally {
      setSaving(false);
    }
  }

  return (
    <SectionCard id="company-name" title={t('heading')} intro={t('intro')}>
      <form onSubmit={submit} className={styles.inline} noValidate>
        <TextField
          label={t('label')}
          name="companyName"
          value={value}
          onChange={setValue}
          error={error}
          maxLength={MAX_NAME}
          autoComplete="organization"
          required
          className={styles.grow}
        />
        <SubmitButton busy={saving}>{t('save')}</SubmitButton>
      </form>
    </SectionCard>
  );
}
