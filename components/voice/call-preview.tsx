'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { deliveryChannelsQuery } from '@/components/outbox/outbox-api';
import { BusyButton } from '@/components/ui/form';
import { useApiData } from '@/components/ui/use-api-data';
import { useDialogs } from '@/components/ui/dialogs';
import { findCallVoice } from '@/lib/voice/voice-catalogue';
import { callAnnouncement } from '@/lib/voice/voice-rules';
import { voiceApi, type SampleEngine, type VoiceTexts } from './voice-api';
import styles from './voice.module.css';

interface Sample {
  url: string;
  engine: SampleEngine | null;
  /** The words it says, to tell when the texts have changed since. */
  script: string;
}

/**
 * Plays the whole call as it will sound — the announcement of a sample alert, then what the person hears after pressing
 * 1 — in the chosen voice, and says which engine spoke it (the installation's offline engine when Polly is not set up).
 */
export function CallPreview({ texts, conferenceText }: { texts: VoiceTexts; conferenceText: string | null }) {
  const t = useTranslations('voiceSettings.preview');
  const dialogs = useDialogs();
  const [loading, setLoading] = useState(false);
  const [sample, setSample] = useState<Sample | null>(null);
  const script = [
    ...callAnnouncement({ ...texts, conferenceText }, { title: t('sampleTitle'), message: t('sampleMessage') }),
    texts.messageKey1,
  ]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');

  useEffect(() => (sample ? () => URL.revokeObjectURL(sample.url) : undefined), [sample]);

  async function play() {
    if (loading) return;
    setLoading(true);
    try {
      const { audio, engine } = await voiceApi.sample(texts.voiceId, script);
      setSample({ url: URL.createObjectURL(audio), engine, script });
    } catch (error) {
      await dialogs.error(t('errorTitle'), t('errorMessage'), error);
    } finally {
      setLoading(false);
    }
  }

  const voiceName = findCallVoice(texts.voiceId)?.name ?? texts.voiceId;
  // Without a call provider, calls are only recorded in the outbox: the preview must not promise Twilio's voice.
  const drivers = useApiData(deliveryChannelsQuery, () => undefined);
  const callsRecorded = drivers.state.status === 'loaded' && drivers.state.data.drivers.voice === 'outbox';
  return (
    <div className={styles.preview}>
      <p className={styles.script}>{script}</p>
      <div className={styles.player}>
        <BusyButton busy={loading} className="button secondary" onClick={() => void play()}>
          {sample ? t('playAgain') : t('play')}
        </BusyButton>
        {/* The words are written out above: they are the audio's transcript. */}
        {sample && <audio key={sample.url} src={sample.url} controls autoPlay aria-label={t('player')} />}
      </div>
      {sample && (
        <p className={styles.engine} role="status">
          {sample.engine === 'polly'
            ? t('enginePolly', { voice: voiceName })
            : callsRecorded
              ? t('engineOfflineNoCalls')
              : t('engineOffline', { voice: voiceName })}
          {sample.script !== script && ` ${t('stale')}`}
        </p>
      )}
    </div>
  );
}
