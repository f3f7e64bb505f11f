'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { MIN_NAME_LENGTH, useFieldRules } from '@/components/ui/field-rules';
import type { Team, TeamBody } from './teams-api';
import { useTeamError } from './use-team-error';

export interface TeamDraft {
  name: string;
  description: string;
}

/** What a draft saves: the trimmed name, and the description or null. */
export function teamBody(draft: TeamDraft): TeamBody {
  return { name: draft.name.trim(), description: draft.description.trim() || null };
}

/**
 * The state of a team's name-and-description form: on submit the name is checked (spec §5: at least 3 characters),
 * then `send` saves the body; a failure shows the error dialog titled `errorTitle`.
 */
export function useTeamForm(
  initial: TeamDraft,
  send: (body: TeamBody) => Promise<Team>,
  failure: { errorTitle: string; errorMessage: string },
  onDone: (team: Team) => void,
) {
  const t = useTranslations('teams.fields');
  const rules = useFieldRules();
  const showError = useTeamError();
  const [draft, setDraft] = useState<TeamDraft>(initial);
  const [nameError, setNameError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = rules.text(t('name'), draft.name, MIN_NAME_LENGTH);
    setNameError(problem);
    if (problem) return;
    setBusy(true);
    try {
      onDone(await send(teamBody(draft)));
    } catch (error) {
      await showError(failure.errorTitle, failure.errorMessage, error);
    } finally {
      setBusy(false);
    }
  }

  return { draft, setDraft, nameError, busy, submit };
}
