'use client';

import { useTranslations } from 'next-intl';
import { MissionSubscribersSection } from '@/components/missions/mission-subscribers-section';
import { useProfile } from '@/components/session/profile-provider';
import { useDialogs } from '@/components/ui/dialogs';
import { ConsolePage } from '@/components/ui/list-page';
import { LoadFailed, Loading } from '@/components/ui/load-states';
import { useApiData } from '@/components/ui/use-api-data';
import { AlertSoundsSection } from './alert-sounds-section';
import { CloseCompanySection } from './close-company-section';
import { CompanyNameSection } from './company-name-section';
import { ContactCycleSection } from './contact-cycle-section';
import { DefaultsSection } from './defaults-section';
import { HelpSection } from './help-section';
import { SeatsSection } from './seats-section';
import { settingsQuery } from './settings-api';
import styles from './settings.module.css';

/**
 * /company/settings (spec §2, issue 19; admins): the company's name, its alert sounds and their lock, the default
 * country and texts, who is told when someone needs help, the contact cycle until confirmed, the mission alarm
 * subscribers, the plan and seats, and closing the company.
 */
export function CompanySettingsPage() {
  const t = useTranslations('companySettings');
  const tRoutes = useTranslations('routes.companySettings');
  const dialogs = useDialogs();
  const profile = useProfile();
  const { state, reload, setData } = useApiData(
    settingsQuery,
    (error) => void dialogs.error(t('errorTitles.load'), t('loadErrorMessage'), error),
  );
  const me = profile.state.status === 'loaded' ? profile.state.me : null;
  const hasMissions = me?.features.some((feature) => feature.featureName === 'mission') ?? false;

  return (
    <ConsolePage title={tRoutes('title')} description={tRoutes('description')} className={styles.page}>
      {me?.customer && <CompanyNameSection name={me.customer.customerName} onRenamed={profile.reload} />}
      {state.status === 'loading' && <Loading label={t('loading')} />}
      {state.status === 'failed' && <LoadFailed message={t('loadErrorMessage')} onRetry={reload} className="card" />}
      {state.status === 'loaded' && (
        <>
          <AlertSoundsSection
            data={state.data}
            onSaved={(settings) => setData({ ...state.data, settings: { ...state.data.settings, ...settings } })}
          />
          <DefaultsSection
            data={state.data}
            onSaved={(settings) => {
              setData({ ...state.data, settings: { ...state.data.settings, ...settings } });
              // Phone fields preselect the default country's dial code from the profile.
              if (settings.defaultCountry) profile.reload();
            }}
          />
          <HelpSection
            data={state.data}
            onSaved={(settings) => setData({ ...state.data, settings: { ...state.data.settings, ...settings } })}
          />
          <ContactCycleSection
            data={state.data}
            onSaved={(settings) => setData({ ...state.data, settings: { ...state.data.settings, ...settings } })}
          />
        </>
      )}
      {hasMissions && <MissionSubscribersSection />}
      {me?.customer && <SeatsSection role={me.user.role} />}
      {me?.customer && <CloseCompanySection name={me.customer.customerName} role={me.user.role} />}
    </ConsolePage>
  );
}
