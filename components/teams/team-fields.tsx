'use client';

import { useTranslations } from 'next-intl';
import { TextAreaField, TextField } from '@/components/ui/form';
import type { TeamDraft } from './use-team-form';
import styles from './teams.module.css';

export const MAX_DESCRIPTION_LENGTH = 500;

/** Name and description of a team, for the new-team dialog and the team page. */
export function TeamFields({
  draft,
  nameError,
  onChange,
}: {
  draft: TeamDraft;
  nameError?: string;
  onChange: (draft: TeamDraft) => void;
}) {
  const t = useTranslations('teams.fields');
  return (
    <>
      <TextField
        label={t('name')}
        name="teamName"
        value={draft.name}
        onChange={(name) => onChange({ ...draft, name })}
        error={nameError}
        autoComplete="off"
        maxLength={100}
        required
      />
      <TextAreaField
        label={t('description')}
        name="teamDescription"
        rows={3}
        maxLength={MAX_DESCRIPTION_LENGTH}
        value={draft.description}
        onChange={(description) => onChange({ ...draft, description })}
        hint={t('descriptionHint')}
        inputClassName={styles.descriptionInput}
      />
    </>
  );
}
