'use client';

import { useTranslations } from 'next-intl';
import { BackLink } from '@/components/ui/back-link';
import { PageHeader } from '@/components/ui/page-header';
import { useDialogs } from '@/components/ui/dialogs';
import { EmptyState } from '@/components/ui/empty-state';
import { useApiData } from '@/components/ui/use-api-data';
import { LoadFailed, Loading } from '@/components/ui/load-states';
import { ManagedBadge } from './managed-badge';
import { teamQuery } from './teams-api';
import { TeamDetailsForm } from './team-details-form';
import { TeamMembersSection } from './team-members-section';
import styles from './teams.module.css';

/** /company/teams/{id} (spec §2): the team's name and description, and its members; a managed team is read-only. */
export function TeamPage({ teamId }: { teamId: string }) {
  const t = useTranslations('teams');
  const dialogs = useDialogs();
  const { state, reload, setData } = useApiData(teamQuery(teamId), (error) => void dialogs.error(t('loadErrorTitle'), t('team.loadErrorMessage'), error));
  const team = state.status === 'loaded' ? state.data : null;

  return (
    <main className="console-page">
      <BackLink href="/company/teams" label={t('team.back')} />
      <PageHeader
        title={
          <span className={styles.titleRow}>
            {team ? team.name : t('team.title')}
            {team?.managed && <ManagedBadge />}
          </span>
        }
        description={team ? t('membersCount', { count: team.membersCount }) : undefined}
      />
      {state.status === 'loading' && <Loading label={t('team.loading')} />}
      {state.status === 'failed' &&
        (state.notFound ? <EmptyState title={t('team.notFoundTitle')} description={t('team.notFoundDescription')} /> : <LoadFailed message={t('team.loadErrorMessage')} onRetry={reload} />)}
      {team && (
        <div className={styles.teamLayout}>
          {team.managed && (
            <p className={styles.notice} role="note">
              {t('managedNotice')}
            </p>
          )}
          <TeamDetailsForm key={`${team.id}:${team.name}:${team.description}`} team={team} onSaved={(saved) => setData({ ...team, ...saved })} />
          <TeamMembersSection team={team} onChanged={reload} />
        </div>
      )}
    </main>
  );
}
