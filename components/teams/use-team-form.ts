'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { MIN_NAME_LENGTH, useFieldRules } from '@/components/ui/field-rules';
import type { Team } from './team';
import { useTeamError } from './use-team-error';

export interface TeamDraft {
  name: string;
  description: string;
}

/** The body of POST /api/teams and PUT /api/teams/{id}. */
export function teamBody(draft: TeamDraft) {
  return { name: draft.name.trim(), description: draft.description.trim() || null };
}

/**
 * The state of a team's name-and-description form: on submit the name is checked (spec §5: at least 3 characters),
 * then `send` saves the body; a failure shows the error dialog titled `errorTitle`.
 */
export function useTeamForm(initial: TeamDraft, send: (body: ReturnType<typeof teamBody>) => Promise<Team>, failure: { errorTitle: string; errorMessage: string }, onDone: (team: Team) => void) {
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
