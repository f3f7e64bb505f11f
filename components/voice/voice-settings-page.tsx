'use client';

import { useTranslations } from 'next-intl';
import { useDialogs } from '@/components/ui/dialogs';
import { ConsolePage } from '@/components/ui/list-page';
import { LoadFailed, Loading } from '@/components/ui/load-states';
import { useApiData } from '@/components/ui/use-api-data';
import { voiceProfileQuery } from './voice-api';
import { VoiceProfileForm } from './voice-profile-form';
import styles from './voice.module.css';

/**
 * /company/voice (spec §2, issue 19; admins): the voice of alert calls, the texts read around the alert with their
 * length counters, a preview of the whole call as it will sound, and saving.
 */
export function VoiceSettingsPage() {
  const t = useTranslations('voiceSettings');
  const tRoutes = useTranslations('routes.voice');
  const dialogs = useDialogs();
  const { state, reload, setData } = useApiData(
    voiceProfileQuery,
    (error) => void dialogs.error(t('errorTitles.load'), t('loadErrorMessage'), error),
  );
  return (
    <ConsolePage title={tRoutes('title')} description={tRoutes('description')} className={styles.page}>
      {state.status === 'loading' && <Loading label={t('loading')} />}
      {state.status === 'failed' && <LoadFailed message={t('loadErrorMessage')} onRetry={reload} className="card" />}
      {state.status === 'loaded' && <VoiceProfileForm profile={state.data} onSaved={setData} />}
    </ConsolePage>
  );
}
