'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { TrashIcon } from '@/components/ui/icons';
import { ManagedBadge } from '@/components/directory/managed-badge';
import { PhotoStack } from './photo-stack';
import { teamPath } from './team';
import type { Team } from './teams-api';
import styles from './teams.module.css';

/** One team in the list: name (to its page), description, member photos and count, and delete. */
export function TeamCard({ team, onDelete, busy }: { team: Team; onDelete: (team: Team) => void; busy: boolean }) {
  const t = useTranslations('teams');
  return (
    <li className={`card ${styles.teamCard}`} data-testid="team-card">
      <div className={styles.teamCardHeader}>
        <h2 className={styles.teamName}>
          <Link href={teamPath(team.id)} className={styles.teamLink}>
            {team.name}
          </Link>
        </h2>
        {team.managed && <ManagedBadge />}
      </div>
      <p className={team.description ? styles.description : `${styles.description} ${styles.subtle}`}>
        {team.description ?? t('noDescription')}
      </p>
      <div className={styles.teamCardFooter}>
        <PhotoStack photos={team.profilePhotos} />
        <span className={styles.count}>{t('membersCount', { count: team.membersCount })}</span>
        {!team.managed && (
          <button
            type="button"
            className={`icon-button ${styles.deleteButton}`}
            onClick={() => onDelete(team)}
            disabled={busy}
            aria-label={t('deleteTeam', { name: team.name })}
          >
            <TrashIcon />
          </button>
        )}
      </div>
    </li>
  );
}
