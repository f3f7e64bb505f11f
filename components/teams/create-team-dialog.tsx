'use client';

import { useTranslations } from 'next-intl';
import { Modal } from '@/components/ui/dialogs';
import { SubmitButton } from '@/components/ui/form';
import { useToast } from '@/components/ui/toasts';
import { teamsApi, type Team } from './teams-api';
import { TeamFields } from './team-fields';
import { useTeamForm } from './use-team-form';
import styles from './teams.module.css';

/** The "new team" dialog: name and description; the new team is handed to `onCreated`. */
export function CreateTeamDialog({ onCreated, onClose }: { onCreated: (team: Team) => void; onClose: () => void }) {
  const t = useTranslations('teams');
  const toast = useToast();
  const form = useTeamForm(
    { name: '', description: '' },
    teamsApi.create,
    { errorTitle: t('create.errorTitle'), errorMessage: t('create.errorMessage') },
    (team) => {
      toast(t('create.created', { name: team.name }));
      onCreated(team);
    },
  );

  return (
    <Modal className={styles.formDialog} labelledBy="create-team-title" describedBy="create-team-intro" onDismiss={onClose}>
      <form onSubmit={form.submit} noValidate>
        <div className={styles.dialogContent}>
          <h2 id="create-team-title">{t('create.title')}</h2>
          <p id="create-team-intro" className="muted">
            {t('create.intro')}
          </p>
          <TeamFields draft={form.draft} nameError={form.nameError} onChange={form.setDraft} />
        </div>
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            {t('cancel')}
          </button>
          <SubmitButton busy={form.busy}>{t('create.submit')}</SubmitButton>
        </div>
      </form>
    </Modal>
  );
}
