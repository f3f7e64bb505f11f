'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import type { ApiQuery } from '@/components/ui/api-query';
import { useDialogs } from '@/components/ui/dialogs';
import { LoadFailed, Loading } from '@/components/ui/load-states';
import { useApiData } from '@/components/ui/use-api-data';

/** A picker of ids (teams, saved locations): the ticked ones, and the recipients error that describes it. */
export interface IdChoiceProps {
  chosen: string[];
  onChange: (ids: string[]) => void;
  errorId?: string;
}

/**
 * What a picker offers (the company's teams, its saved locations), loaded when the picker shows: a spinner, a failure
 * said in a dialog and in place with a retry, then the list for `children`.
 */
export function ChoiceData<T>({
  query,
  loadingLabel,
  texts,
  children,
}: {
  query: ApiQuery<T>;
  loadingLabel: string;
  /** Where the load error's title and message are. */
  texts: 'teams' | 'locations';
  children: (data: T) => ReactNode;
}) {
  const t = useTranslations(texts);
  const dialogs = useDialogs();
  const { state, reload } = useApiData(
    query,
    (error) => void dialogs.error(t('loadErrorTitle'), t('loadErrorMessage'), error),
  );
  if (state.status === 'loading') return <Loading label={loadingLabel} />;
  if (state.status === 'failed') return <LoadFailed message={t('loadErrorMessage')} onRetry={reload} />;
  return children(state.data);
}
