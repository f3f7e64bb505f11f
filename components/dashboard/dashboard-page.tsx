'use client';

import { useTranslations } from 'next-intl';
import { useVoiceAllowed } from '@/components/alert-form/use-voice-allowed';
import { ChannelsNotSending } from '@/components/outbox/channels-not-sending';
import { useRequireLogin } from '@/components/session/use-require-login';
import { PageHeader } from '@/components/ui/page-header';
import { hasFeatures, routeByKey } from '@/components/layout/routes';
import { useCompanyEvents } from '@/components/realtime/use-company-events';
import { useProfile } from '@/components/session/profile-provider';
import { LoadFailed, Loading } from '@/components/ui/load-states';
import { isAdmin } from '@/lib/auth/roles';
import type { Channel, Role } from '@/lib/generated/prisma/enums';
import { AlertsCard } from './alerts-card';
import { AnswersCard } from './answers-card';
import { AlertsChart } from './alerts-chart';
import { needsAppReminder } from './app-reminder';
import { isLiveDashAlert } from './live-alert';
import { DASHBOARD_EVENTS, partsToReload } from './refresh-plan';
import { MissionsCard } from './missions-card';
import { PositionsCard } from './positions-card';
import { ReminderCard } from './reminder-card';
import { ScenariosCard } from './scenarios-card';
import { SummaryCard } from './summary-card';
import { useDashData } from './use-dash-data';
import { usePulse } from './use-pulse';
import styles from './dashboard.module.css';

/**
 * The dashboard at / (spec §2): alerts, plan summary and the alerts-per-day chart for everyone; active missions, the
 * map of last known positions and the app reminder for admins. It refreshes 2 seconds after a live event: a new alert
 * it may show comes with the event (dashboardAlert), nothing is asked for it; a mission event reloads the missions
 * (2–3 seconds later), a scenario changed the scenarios, a reconnect everything. Cards pulse on their events.
 */
export function DashboardPage() {
  const t = useTranslations('dashboard');
  const loggedIn = useRequireLogin();
  const { state: profile } = useProfile();
  const ready = loggedIn && profile.status === 'loaded' && profile.me.customer !== null;
  const { state, reload, refreshSoon, takeLiveAlert } = useDashData(ready);
  const alertsPulse = usePulse();
  const missionsPulse = usePulse();
  const admin = profile.status === 'loaded' && profile.me.user.role !== null && isAdmin(profile.me.user.role as Role);
  // The channels an admin can send alerts on: warned about until each of them really sends.
  const usableChannels: Channel[] = useVoiceAllowed() ? ['push', 'sms', 'voice'] : ['push', 'sms'];
  const scenariosOn =
    admin &&
    hasFeatures(
      routeByKey('scenarios'),
      profile.me.features.map((feature) => feature.featureName),
    );

  useCompanyEvents(ready, {
    kinds: DASHBOARD_EVENTS,
    onEvent: (kind, payload) => {
      if (kind === 'dashboardAlert') {
        if (isLiveDashAlert(payload)) takeLiveAlert(payload);
        return;
      }
      if (kind === 'newAlert') alertsPulse.pulse();
      else if (kind !== 'scenariosChanged') missionsPulse.pulse();
      refreshSoon(partsToReload(payload, admin));
    },
    onReconnect: () => refreshSoon('all'),
  });

  if (!loggedIn) return null;
  return (
    <main className={`console-page ${styles.page}`}>
      <PageHeader
        title={t('title')}
        description={profile.status === 'loaded' && profile.me.customer ? profile.me.customer.name : undefined}
      />
      {profile.status === 'loaded' && !profile.me.customer ? (
        <p className={styles.empty}>{t('noCompany')}</p>
      ) : state.status === 'loading' ? (
        <Loading label={t('loading')} className={styles.loading} />
      ) : state.status === 'failed' ? (
        <LoadFailed message={t('loadErrorMessage')} onRetry={reload} className={`card ${styles.card}`} />
      ) : (
        <>
          {admin && <ChannelsNotSending channels={usableChannels} admin />}
          <div className={styles.grid}>
            <div className={styles.mainColumn}>
              <AlertsCard
                alerts={state.data.latestAlerts}
                activeCount={state.data.activeAlertsCount}
                pulsing={alertsPulse.pulsing}
              />
              {admin && <AnswersCard />}
              {admin && <PositionsCard version={state.fullLoad} />}
              <AlertsChart days={state.data.chartData} />
            </div>
            <div className={styles.sideColumn}>
              {scenariosOn && <ScenariosCard scenarios={state.data.scenarios} onChanged={reload} />}
              {admin &&
                state.data.usersWithoutDevices !== null &&
                needsAppReminder(state.data.usersWithoutDevices, state.data.usersCount) && (
                  <ReminderCard
                    usersWithoutDevices={state.data.usersWithoutDevices}
                    usersCount={state.data.usersCount}
                  />
                )}
              <SummaryCard plan={state.data.plan} usersCount={state.data.usersCount} maxUsers={state.data.maxUsers} />
              {admin && <MissionsCard missions={state.data.activeMissions} pulsing={missionsPulse.pulsing} />}
            </div>
          </div>
        </>
      )}
    </main>
  );
}
