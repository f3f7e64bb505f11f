'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { MissionCountdown, useNow } from '@/components/missions/mission-countdown';
import { formatDateTime } from '@/components/ui/format-date';
import { Person } from '@/components/ui/person';
import type { DashMission } from './dashboard-api';
import { DashboardCard } from './dashboard-card';
import styles from './dashboard.module.css';

/** Active missions with their end time and a live countdown each (admins); pulses on a new or finished mission. */
export function MissionsCard({ missions, pulsing }: { missions: DashMission[]; pulsing: boolean }) {
  const t = useTranslations('dashboard.missions');
  const now = useNow();
  return (
    <DashboardCard
      name="missions"
      title={t('title')}
      className={pulsing ? styles.pulse : undefined}
      badge={<span className={styles.countBadge}>{missions.length}</span>}
    >
      {missions.length === 0 ? (
        <p className={styles.empty}>{t('empty')}</p>
      ) : (
        <ul className={styles.missionList}>
          {missions.map((mission) => (
            <li key={mission.id}>
              <Link href={`/missions/${mission.id}`} className={styles.missionRow}>
                <Person name={mission.user.name} photo={mission.user.profilePhoto} className={styles.missionPerson} />
                <span className={styles.missionTime}>
                  <MissionCountdown endTime={mission.endTime} now={now} withUnits />
                  <span className={styles.missionEnd}>{t('endsAt', { time: formatDateTime(mission.endTime) })}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </DashboardCard>
  );
}
