'use client';

import { useTranslations } from 'next-intl';
import { useDialogs } from '@/components/ui/dialogs';
import { useApiData } from '@/components/ui/use-api-data';
import { ListPage } from '@/components/ui/list-page';
import { ManagedBadge } from '@/components/directory/managed-badge';
import { teamQuery } from './teams-api';
import { TeamDetailsForm } from './team-details-form';
import { TeamMembersSection } from './team-members-section';
import styles from './teams.module.css';

/**
 * /company/teams/{id} (spec §2): the team's name and description, and its members; a managed team is read-only.
 * `addingMembers`: just created, the member picker opens at once.
 */
export function TeamPage({ teamId, addingMembers = false }: { teamId: string; addingMembers?: boolean }) {
  const t = useTranslations('teams');
  const dialogs = useDialogs();
  const { state, reload, setData } = useApiData(
    teamQuery(teamId),
    (error) => void dialogs.error(t('loadErrorTitle'), t('team.loadErrorMessage'), error),
  );
  const team = state.status === 'loaded' ? state.data : null;

  return (
    <ListPage
      back={{ href: '/company/teams', label: t('team.back') }}
      title={
        <span className={styles.titleRow}>
          {team ? team.name : t('team.title')}
          {team?.managed && <ManagedBadge />}
        </span>
      }
      description={team ? t('membersCount', { count: team.membersCount }) : undefined}
      state={state}
      loadingLabel={t('team.loading')}
      errorMessage={t('team.loadErrorMessage')}
      onRetry={reload}
      notFound={{ title: t('team.notFoundTitle'), description: t('team.notFoundDescription') }}
    >
      {(loaded) => (
        <div className={styles.teamLayout}>
          {loaded.managed && (
            <p className={styles.notice} role="note">
              {t('managedNotice')}
            </p>
          )}
          <TeamDetailsForm
            key={`${loaded.id}:${loaded.name}:${loaded.description}`}
            team={loaded}
            onSaved={(saved) => setData({ ...loaded, ...saved })}
          />
          <TeamMembersSection team={loaded} onChanged={reload} startPicking={addingMembers} />
        </div>
      )}
    </ListPage>
  );
}
