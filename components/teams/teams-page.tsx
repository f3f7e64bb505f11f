'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useDialogs } from '@/components/ui/dialogs';
import { useToast } from '@/components/ui/toasts';
import { useApiData } from '@/components/ui/use-api-data';
import { ListPage } from '@/components/ui/list-page';
import { PlusIcon } from '@/components/ui/icons';
import { CreateTeamDialog } from './create-team-dialog';
import { teamsApi, teamsQuery, type Team } from './teams-api';
import { TeamCard } from './team-card';
import { useTeamError } from './use-team-error';
import styles from './teams.module.css';

/** Photos shown on each team card. */
const CARD_PHOTOS = 5;

/** /company/teams (spec §2): the company's teams as cards, a new-team dialog and delete with confirmation. */
export function TeamsPage() {
  const t = useTranslations('teams');
  const dialogs = useDialogs();
  const toast = useToast();
  const showError = useTeamError();
  const { state, reload, setData } = useApiData(teamsQuery(CARD_PHOTOS), (error) => void dialogs.error(t('loadErrorTitle'), t('loadErrorMessage'), error));
  const [creating, setCreating] = useState(false);
  const [deletingId, setDeletingId] = useState<string | null>(null);

  const teams = state.status === 'loaded' ? state.data.teams : [];
  const replaceTeams = (next: Team[]) => setData({ teams: next, total: next.length });

  async function remove(team: Team) {
    const confirmed = await dialogs.text({ type: 'warning', title: t('deleteTitle'), message: t('deleteMessage', { name: team.name }), confirmLabel: t('delete'), cancelLabel: t('cancel') });
    if (!confirmed) return;
    setDeletingId(team.id);
    try {
      await teamsApi.remove(team.id);
      replaceTeams(teams.filter((other) => other.id !== team.id));
      toast(t('deleted', { name: team.name }));
    } catch (error) {
      await showError(t('deleteErrorTitle'), t('deleteErrorMessage'), error);
    } finally {
      setDeletingId(null);
    }
  }

  const newTeamButton = (
    <button type="button" className={`button primary ${styles.noWrap}`} onClick={() => setCreating(true)}>
      <PlusIcon />
      {t('newTeam')}
    </button>
  );

  return (
    <ListPage
      title={t('title')}
      description={t('description')}
      state={state}
      loadingLabel={t('loading')}
      errorMessage={t('loadErrorMessage')}
      onRetry={reload}
      empty={{ when: (data) => data.teams.length === 0, title: t('emptyTitle'), description: t('emptyDescription') }}
      mainAction={newTeamButton}
      dialog={
        creating && (
          <CreateTeamDialog
            onClose={() => setCreating(false)}
            onCreated={(team) => {
              setCreating(false);
              replaceTeams([...teams, team].sort((a, b) => a.name.localeCompare(b.name)));
            }}
          />
        )
      }
    >
      {(data) => (
        <ul className={styles.grid} aria-label={t('listLabel')}>
          {data.teams.map((team) => (
            <TeamCard key={team.id} team={team} onDelete={remove} busy={deletingId === team.id} />
          ))}
        </ul>
      )}
    </ListPage>
  );
}
