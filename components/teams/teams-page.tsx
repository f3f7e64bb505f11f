'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useDialogs } from '@/components/ui/dialogs';
import { useApiData } from '@/components/ui/use-api-data';
import { ListPage, listPageTexts, NewItemButton, useListItemDelete } from '@/components/ui/list-page';
import { CreateTeamDialog } from './create-team-dialog';
import { teamPathAddingMembers } from './team';
import { teamsApi, teamsQuery, type Team } from './teams-api';
import { TeamCard } from './team-card';
import { useTeamError } from './use-team-error';
import styles from './teams.module.css';

/** Photos shown on each team card. */
const CARD_PHOTOS = 5;

/**
 * /company/teams (spec §2): the company's teams as cards, a new-team dialog that goes on to the new team's page with the
 * member picker open, and delete with confirmation.
 */
export function TeamsPage() {
  const t = useTranslations('teams');
  const dialogs = useDialogs();
  const showError = useTeamError();
  const { state, reload, setData } = useApiData(
    teamsQuery(CARD_PHOTOS),
    (error) => void dialogs.error(t('loadErrorTitle'), t('loadErrorMessage'), error),
  );
  const router = useRouter();
  const [creating, setCreating] = useState(false);

  const teams = state.status === 'loaded' ? state.data.teams : [];
  const replaceTeams = (next: Team[]) => {
    if (state.status === 'loaded') setData({ ...state.data, teams: next, total: next.length });
  };

  const { deletingId, confirmAndDelete } = useListItemDelete<Team>({
    t,
    idOf: (team) => team.id,
    nameOf: (team) => team.name,
    remove: (team) => teamsApi.remove(team.id),
    onDeleted: (team) => replaceTeams(teams.filter((other) => other.id !== team.id)),
    reportError: showError,
  });

  return (
    <ListPage
      {...listPageTexts(t)}
      state={state}
      onRetry={reload}
      isEmpty={(data) => data.teams.length === 0}
      mainAction={<NewItemButton label={t('newTeam')} onClick={() => setCreating(true)} className={styles.noWrap} />}
      dialog={
        creating && (
          <CreateTeamDialog
            onClose={() => setCreating(false)}
            onCreated={(team) => {
              setCreating(false);
              // A new team is empty: go on to choosing its members.
              router.push(teamPathAddingMembers(team.id));
            }}
          />
        )
      }
    >
      {(data) => (
        <ul className={styles.grid} aria-label={t('listLabel')}>
          {data.teams.map((team) => (
            <TeamCard key={team.id} team={team} onDelete={confirmAndDelete} busy={deletingId === team.id} />
          ))}
        </ul>
      )}
    </ListPage>
  );
}
