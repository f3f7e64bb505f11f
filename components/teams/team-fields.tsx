'use client';

import { useTranslations } from 'next-intl';
import { FieldMessages, TextField, useFieldIds } from '@/components/ui/form';
import type { TeamDraft } from './use-team-form';

export const MAX_DESCRIPTION_LENGTH = 500;

/** Name and description of a team, for the new-team dialog and the team page. */
export function TeamFields({ draft, nameError, onChange, disabled = false }: { draft: TeamDraft; nameError?: string; onChange: (draft: TeamDraft) => void; disabled?: boolean }) {
  const t = useTranslations('teams.fields');
  const { inputId, hintId, describedBy } = useFieldIds('teamDescription', { hint: true });
  return (
    <>
      <TextField label={t('name')} name="teamName" value={draft.name} onChange={(name) => onChange({ ...draft, name })} error={nameError} autoComplete="off" maxLength={100} required disabled={disabled} />
      <div className="field">
        <label htmlFor={inputId}>{t('description')}</label>
        <textarea
          id={inputId}
          className="input"
          name="teamDescription"
          rows={3}
          maxLength={MAX_DESCRIPTION_LENGTH}
          value={draft.description}
          onChange={(event) => onChange({ ...draft, description: event.target.value })}
          aria-describedby={describedBy}
          disabled={disabled}
        />
        <FieldMessages hintId={hintId} hint={t('descriptionHint')} />
      </div>
    </>
  );
}
