'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { useDialogs } from '@/components/ui/dialogs';
import { SubmitButton, TextAreaField } from '@/components/ui/form';
import { SectionCard } from '@/components/ui/section-card';
import { useToast } from '@/components/ui/toasts';
import { MAX_CONFERENCE_TEXT } from '@/lib/settings/setting-rules';
import { MAX_VOICE_TEXT } from '@/lib/voice/voice-rules';
import { CallPreview } from './call-preview';
import { voiceApi, type VoiceProfile, type VoiceTexts } from './voice-api';
import { VoicePicker } from './voice-picker';
import styles from './voice.module.css';

const TEXT_FIELDS = ['messageIntroduction', 'messageCallConf', 'messageKey1'] as const;
type TextField = (typeof TEXT_FIELDS)[number];

const textsOf = ({ voiceId, messageIntroduction, messageCallConf, messageKey1 }: VoiceTexts): VoiceTexts => ({
  voiceId,
  messageIntroduction,
  messageCallConf,
  messageKey1,
});

/** The voice, the call's texts and the conference text; saved together (the conference text is a company setting). */
export function VoiceProfileForm({
  profile,
  onSaved,
}: {
  profile: VoiceProfile;
  onSaved: (saved: VoiceProfile) => void;
}) {
  const t = useTranslations('voiceSettings');
  const forms = useTranslations('forms');
  const dialogs = useDialogs();
  const toast = useToast();
  const [texts, setTexts] = useState<VoiceTexts>(() => textsOf(profile));
  const [conferenceText, setConferenceText] = useState(profile.conferenceText ?? '');
  const [attempted, setAttempted] = useState(false);
  const [saving, setSaving] = useState(false);

  const errorOf = (field: TextField) =>
    attempted && !texts[field].trim() ? forms('required', { value: t(`texts.${field}.label`) }) : undefined;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    if (TEXT_FIELDS.some((field) => !texts[field].trim())) return;
    setSaving(true);
    try {
      const saved = await voiceApi.save(texts);
      const conference = conferenceText.trim() || null;
      const storedConference =
        conference === profile.conferenceText ? conference : (await voiceApi.saveConferenceText(conference)).value;
      setTexts(textsOf(saved));
      setConferenceText(storedConference ?? '');
      onSaved({ ...saved, conferenceText: storedConference });
      toast(t('saved'));
    } catch (error) {
      await dialogs.error(t('errorTitles.save'), t('saveErrorMessage'), error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={submit} className={styles.form} noValidate>
      {!profile.planIncludesVoice && (
        <div className="notice" role="note">
          <p>
            {t.rich('planNotice', {
              link: (chunks) => <Link href="/company/settings#seats-heading">{chunks}</Link>,
            })}
          </p>
        </div>
      )}

      <SectionCard id="voice" title={t('voice.heading')} intro={t('voice.intro')}>
        <VoicePicker
          initialLocale={profile.locale}
          voiceId={texts.voiceId}
          onChange={(voiceId) => setTexts((current) => ({ ...current, voiceId }))}
        />
      </SectionCard>

      <SectionCard
        id="texts"
        title={t('texts.heading')}
        intro={t('texts.intro')}
        action={
          <button type="button" className="button secondary" onClick={() => setTexts(textsOf(profile.defaults))}>
            {t('texts.useDefaults')}
          </button>
        }
      >
        <div className={styles.fields}>
          {TEXT_FIELDS.map((field) => (
            <TextAreaField
              key={field}
              label={t(`texts.${field}.label`)}
              name={field}
              value={texts[field]}
              onChange={(value) => setTexts((current) => ({ ...current, [field]: value }))}
              maxLength={MAX_VOICE_TEXT}
              rows={2}
              required
              error={errorOf(field)}
              hint={t('texts.counter', {
                explanation: t(`texts.${field}.hint`),
                count: texts[field].length,
                max: MAX_VOICE_TEXT,
              })}
            />
          ))}
          <TextAreaField
            label={t('texts.conferenceText.label')}
            name="conferenceText"
            value={conferenceText}
            onChange={setConferenceText}
            maxLength={MAX_CONFERENCE_TEXT}
            rows={2}
            hint={t('texts.counter', {
              explanation: t('texts.conferenceText.hint'),
              count: conferenceText.length,
              max: MAX_CONFERENCE_TEXT,
            })}
          />
          <p className={styles.confirmKey}>{t('texts.confirmKey')}</p>
        </div>
      </SectionCard>

      <SectionCard id="preview" title={t('preview.heading')} intro={t('preview.intro')}>
        <CallPreview texts={texts} conferenceText={conferenceText.trim() || null} />
      </SectionCard>

      <div className={styles.actions}>
        <SubmitButton busy={saving} disabled={!profile.planIncludesVoice}>
          {t('save')}
        </SubmitButton>
      </div>
    </form>
  );
}
