'use client';

import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { useDialogs } from '@/components/ui/dialogs';
import { ApiCallError } from '@/lib/http/client';

const EXPLAINED = ['teamExists', 'managed', 'unknownMember'] as const;

/**
 * Shows the error dialog of a failed team call: the spec's title, and the sentence for the answer's code (a name
 * already taken, a managed team, a person no longer in the company) or else `fallbackMessage`.
 */
export function useTeamError() {
  const t = useTranslations('teams.errors');
  const dialogs = useDialogs();
  return useCallback(
    (title: string, fallbackMessage: string, error: unknown) => {
      const code = error instanceof ApiCallError ? EXPLAINED.find((known) => known === error.code) : undefined;
      return dialogs.error(title, code ? t(code) : fallbackMessage, error);
    },
    [dialogs, t],
  );
}
