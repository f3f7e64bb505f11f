'use client';

import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { teamsQuery } from '@/components/alerts/alert-api';
import { Checklist } from './checklist';
import { ChoiceData, type IdChoiceProps } from './choice-data';
import styles from './alert-form.module.css';

/** The company's teams to tick (at least one, spec §5). */
export function TeamChoice({ chosen, onChange, errorId }: IdChoiceProps) {
  const t = useTranslations('newAlert.recipients');
  return (
    <ChoiceData query={teamsQuery} loadingLabel={t('loadingTeams')} texts="teams">
      {({ teams }) =>
        teams.length === 0 ? (
          <p className={styles.choiceEmpty}>
            {t.rich('noTeams', { link: (chunks) => <Link href="/company/teams">{chunks}</Link> })}
          </p>
        ) : (
          <Checklist
            label={t('teamsLabel')}
            options={teams.map((team) => ({
              id: team.id,
              name: team.name,
              detail: t('members', { count: team.membersCount }),
            }))}
            chosen={chosen}
            onChange={onChange}
            invalid={errorId !== undefined}
            describedBy={errorId}
          />
        )
      }
    </ChoiceData>
  );
}
