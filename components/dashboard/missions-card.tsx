'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { Person } from '@/components/ui/person';
import { countdownParts, formatCountdown } from './countdown';
import type { DashMission } from './dashboard-api';
import { DashboardCard } from './dashboard-card';
import styles from './dashboard.module.css';

/** Spec §9: the countdown ticks every second. */
const TICK_MS = 1_000;

function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** Active missions with a live countdown each (admins); pulses on a new or finished mission. */
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
          {missions.map((mission) => {
            const parts = countdownParts(Date.parse(mission.endTime), now);
            return (
              <li key={mission.id}>
                <Link href={`/missions/${mission.id}`} className={styles.missionRow}>
                  <Person name={mission.user.name} photo={mission.user.profilePhoto} className={styles.missionPerson} />
                  {parts ? (
                    <span className={styles.countdown} aria-label={t('timeLeft', parts)} role="timer">
                      {formatCountdown(parts)}
                    </span>
                  ) : (
                    <span className={styles.expired}>{t('expired')}</span>
                  )}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </DashboardCard>
  );
}
