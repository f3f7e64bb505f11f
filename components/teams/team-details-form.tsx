'use client';

import { useTranslations } from 'next-intl';
import { SubmitButton } from '@/components/ui/form';
import { useToast } from '@/components/ui/toasts';
import { teamsApi, type Team } from './teams-api';
import { TeamFields } from './team-fields';
import { teamBody, useTeamForm, type TeamDraft } from './use-team-form';
import styles from './teams.module.css';

const draftOf = (team: Team): TeamDraft => ({ name: team.name, description: team.description ?? '' });

/** The team's name and description; read-only for a managed team. */
export function TeamDetailsForm({ team, onSaved }: { team: Team; onSaved: (team: Team) => void }) {
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
    <section className={`card ${styles.section}`} aria-labelledby="team-details-heading">
      <h2 id="team-details-heading">{t('team.detailsHeading')}</h2>
      <form className={styles.detailsForm} onSubmit={form.submit} noValidate>
        <TeamFields draft={form.draft} nameError={form.nameError} onChange={form.setDraft} disabled={team.managed} />
        {!team.managed && (
          <div className={styles.formActions}>
            <SubmitButton busy={form.busy} disabled={!dirty}>
              {t('team.save')}
            </SubmitButton>
          </div>
        )}
      </form>
    </section>
  );
}
