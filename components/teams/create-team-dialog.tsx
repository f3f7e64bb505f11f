'use client';

import { useTranslations } from 'next-intl';
import { FormDialog } from '@/components/ui/form-dialog';
import { useToast } from '@/components/ui/toasts';
import { teamsApi, type Team } from './teams-api';
import { TeamFields } from './team-fields';
import { useTeamForm } from './use-team-form';

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
    <FormDialog
      id="create-team"
      title={t('create.title')}
      intro={t('create.intro')}
      onSubmit={form.submit}
      onClose={onClose}
      submitLabel={t('create.submit')}
      cancelLabel={t('cancel')}
      busy={form.busy}
    >
      <TeamFields draft={form.draft} nameError={form.nameError} onChange={form.setDraft} />
    </FormDialog>
  );
}
