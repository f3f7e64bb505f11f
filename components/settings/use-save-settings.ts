'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useDialogs } from '@/components/ui/dialogs';
import { useToast } from '@/components/ui/toasts';
import { settingsApi, type CompanySettings, type SettingName } from './settings-api';

type Settings = CompanySettings['settings'];

/**
 * Saves the settings of one section that differ from the stored ones, one call each, in order; tells the section what
 * was stored. A failure shows "Error Saving Settings" with the server's reasons and keeps what was typed.
 */
export function useSaveSettings(stored: Settings, onSaved: (saved: Partial<Settings>) => void) {
  const t = useTranslations('companySettings');
  const dialogs = useDialogs();
  const toast = useToast();
  const [saving, setSaving] = useState(false);

  async function save(changes: Partial<Settings>) {
    const names = (Object.keys(changes) as SettingName[]).filter(
      (name) => JSON.stringify(changes[name]) !== JSON.stringify(stored[name]),
    );
    setSaving(true);
    const saved: Partial<Settings> = {};
    try {
      for (const name of names) {
        const answer = await settingsApi.change(name, changes[name] as Settings[typeof name]);
        Object.assign(saved, { [name]: answer.value });
      }
      toast(t('saved'));
    } catch (error) {
      await dialogs.error(t('errorTitles.save'), t('saveErrorMessage'), error);
    } finally {
      if (Object.keys(saved).length > 0) onSaved(saved);
      setSaving(false);
    }
  }

  return { saving, save };
}
