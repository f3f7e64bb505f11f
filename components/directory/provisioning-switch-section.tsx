'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useDialogs } from '@/components/ui/dialogs';
import { CheckboxField } from '@/components/ui/form';
import { LoadFailed, Loading } from '@/components/ui/load-states';
import { SectionCard } from '@/components/ui/section-card';
import { useToast } from '@/components/ui/toasts';
import { useApiData } from '@/components/ui/use-api-data';
import { directoryApi, directoryEnabledQuery } from './directory-api';
import styles from './directory.module.css';

/**
 * Provisioning on or off. On, Entra ID's requests with a valid key create, change and remove members and teams; off,
 * every request is refused and the keys are kept. Saved as soon as it is switched.
 */
export function ProvisioningSwitchSection() {
  const t = useTranslations('directory.provisioning');
  const tErrors = useTranslations('directory.errorTitles');
  const dialogs = useDialogs();
  const toast = useToast();
  const { state, reload, setData } = useApiData(
    directoryEnabledQuery,
    (error) => void dialogs.error(tErrors('loadStatus'), t('loadErrorMessage'), error),
  );
  const [saving, setSaving] = useState(false);

  // The box shows the new state at once (as a switch does) and goes back if the server refuses.
  async function change(enabled: boolean) {
    setSaving(true);
    setData({ enabled });
    try {
      setData(await directoryApi.setEnabled(enabled));
      toast(enabled ? t('turnedOn') : t('turnedOff'));
    } catch (error) {
      setData({ enabled: !enabled });
      await dialogs.error(tErrors('status'), t('saveErrorMessage'), error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <SectionCard id="provisioning" title={t('heading')} intro={t('intro')}>
      {state.status === 'loading' && <Loading label={t('loading')} />}
      {state.status === 'failed' && <LoadFailed message={t('loadErrorMessage')} onRetry={reload} />}
      {state.status === 'loaded' && (
        <div className={styles.switchRow}>
          <CheckboxField
            label={t('label')}
            name="provisioningEnabled"
            checked={state.data.enabled}
            onChange={(enabled) => void change(enabled)}
            disabled={saving}
            aria-busy={saving || undefined}
          />
          <p className={state.data.enabled ? styles.statusOn : styles.statusOff} data-testid="provisioning-status">
            {state.data.enabled ? t('on') : t('off')}
          </p>
        </div>
      )}
    </SectionCard>
  );
}
