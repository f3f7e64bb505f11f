'use client';

import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { teamsQuery } from '@/components/alerts/alert-api';
import { useDialogs } from '@/components/ui/dialogs';
import { LoadFailed, Loading } from '@/components/ui/load-states';
import { useApiData } from '@/components/ui/use-api-data';
import { Checklist } from './checklist';
import styles from './alert-form.module.css';

/** The company's teams to tick (at least one, spec §5). */
export function TeamChoice({
  chosen,
  onChange,
  errorId,
}: {
  chosen: string[];
  onChange: (ids: string[]) => void;
  errorId?: string;
}) {
  const t = useTranslations('newAlert.recipients');
  const dialogs = useDialogs();
  const teamsText = useTranslations('teams');
  const { state, reload } = useApiData(
    teamsQuery,
    (error) => void dialogs.error(teamsText('loadErrorTitle'), teamsText('loadErrorMessage'), error),
  );
  if (state.status === 'loading') return <Loading label={t('loadingTeams')} />;
  if (state.status === 'failed') return <LoadFailed message={teamsText('loadErrorMessage')} onRetry={reload} />;
  if (state.data.teams.length === 0)
    return (
      <p className={styles.choiceEmpty}>
        {t.rich('noTeams', { link: (chunks) => <Link href="/company/teams">{chunks}</Link> })}
      </p>
    );
  const options = state.data.teams.map((team) => ({
    id: team.id,
    name: team.name,
    detail: t('members', { count: team.membersCount }),
  }));
  return (
    <Checklist
      label={t('teamsLabel')}
      options={options}
      chosen={chosen}
      onChange={onChange}
      invalid={errorId !== undefined}
      describedBy={errorId}
    />
  );
}
