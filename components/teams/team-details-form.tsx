'use client';

import { useTranslations } from 'next-intl';
import { SubmitButton } from '@/components/ui/form';
import { useToast } from '@/components/ui/toasts';
import { teamsApi, type Team } from './teams-api';
import { TeamFields } from './team-fields';
import { teamBody, useTeamForm, type TeamDraft } from './use-team-form';
import styles from './teams.module.css';

const draftOf = (team: Team): TeamDraft => ({ name: team.name, description: team.description ?? '' });

/** The team's name and description: a form, or plain text for a team Entra ID manages (changed there, spec §6). */
export function TeamDetailsForm({ team, onSaved }: { team: Team; onSaved: (team: Team) => void }) {
  const t = useTranslations('teams');
  return (
    <section className={`card ${styles.section}`} aria-labelledby="team-details-heading">
      <h2 id="team-details-heading">{t('team.detailsHeading')}</h2>
      {team.managed ? <ManagedTeamDetails team={team} /> : <EditableTeamDetails team={team} onSaved={onSaved} />}
    </section>
  );
}

function ManagedTeamDetails({ team }: { team: Team }) {
  const t = useTranslations('teams');
  return (
    <dl className={styles.details}>
      <div>
        <dt>{t('fields.name')}</dt>
        <dd>{team.name}</dd>
      </div>
      <div>
        <dt>{t('fields.description')}</dt>
        <dd className={team.description ? undefined : styles.subtle}>{team.description ?? t('noDescription')}</dd>
      </div>
    </dl>
  );
}

function EditableTeamDetails({ team, onSaved }: { team: Team; onSaved: (team: Team) => void }) {
  const t = useTranslations('teams');
  const toast = useToast();
  const form = useTeamForm(
    draftOf(team),
    (body) => teamsApi.update(team.id, body),
    { errorTitle: t('team.saveErrorTitle'), errorMessage: t('team.saveErrorMessage') },
    (saved) => {
      toast(t('team.saved'));
      onSaved(saved);
    },
  );
  const dirty = JSON.stringify(teamBody(form.draft)) !== JSON.stringify(teamBody(draftOf(team)));

  return (
    <form className={styles.detailsForm} onSubmit={form.submit} noValidate>
      <TeamFields draft={form.draft} nameError={form.nameError} onChange={form.setDraft} />
      <div className={styles.formActions}>
        <SubmitButton busy={form.busy} disabled={!dirty}>
          {t('team.save')}
        </SubmitButton>
      </div>
    </form>
  );
}
