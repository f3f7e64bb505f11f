'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { CheckboxField, SelectField, SubmitButton } from '@/components/ui/form';
import { SectionCard } from '@/components/ui/section-card';
import { SOUND_TYPES, type AlertSound, type SoundType } from '@/lib/settings/setting-rules';
import type { CompanySettings } from './settings-api';
import { useSaveSettings } from './use-save-settings';
import styles from './settings.module.css';

/** A type without a sound of its own plays the default entry's sound. */
const SAME_AS_DEFAULT = '';

/** The sound each alert type plays in the apps, and whether members may choose another one in their app. */
export function AlertSoundsSection({
  data,
  onSaved,
}: {
  data: CompanySettings;
  onSaved: (saved: Partial<CompanySettings['settings']>) => void;
}) {
  const t = useTranslations('companySettings.sounds');
  const { settings, choices } = data;
  const [sounds, setSounds] = useState(settings.alertSounds);
  const [locked, setLocked] = useState(settings.alertSoundLocked);
  const { saving, save } = useSaveSettings(settings, onSaved);

  const soundOptions = choices.alertSounds.map((sound) => ({ value: sound, label: t(`names.${sound}`) }));
  const choose = (type: SoundType, sound: string) =>
    setSounds((current) => {
      const next = { ...current };
      if (sound === SAME_AS_DEFAULT) delete next[type];
      else next[type] = sound as AlertSound;
      return next;
    });

  function submit(event: FormEvent) {
    event.preventDefault();
    void save({ alertSounds: sounds, alertSoundLocked: locked });
  }

  return (
    <SectionCard id="alert-sounds" title={t('heading')} intro={t('intro')}>
      <form onSubmit={submit} className={styles.form} noValidate>
        <div className={styles.soundGrid}>
          {SOUND_TYPES.map((type) => (
            <SelectField
              key={type}
              label={t(`types.${type}`)}
              name={`sound-${type}`}
              value={sounds[type] ?? (type === 'default' ? 'default' : SAME_AS_DEFAULT)}
              onChange={(sound) => choose(type, sound)}
              options={
                type === 'default'
                  ? soundOptions
                  : [{ value: SAME_AS_DEFAULT, label: t('sameAsDefault') }, ...soundOptions]
              }
            />
          ))}
        </div>
        <CheckboxField
          label={t('locked')}
          name="alertSoundLocked"
          checked={locked}
          onChange={setLocked}
          hint={t('lockedHint')}
        />
        <div className={styles.actions}>
          <SubmitButton busy={saving}>{t('save')}</SubmitButton>
        </div>
      </form>
    </SectionCard>
  );
}
