'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { AlertEmblem } from '@/components/ui/alert-emblem';
import { ScenarioActions, SCENARIOS_SCREEN } from '@/components/scenarios/scenario-actions';
import { scenarioAlertType } from '@/components/scenarios/scenario-start';
import { ScenarioStartDialog } from '@/components/scenarios/scenario-start-dialog';
import type { DashScenario } from './dashboard-api';
import { DashboardCard } from './dashboard-card';
import styles from './dashboard.module.css';

/**
 * The company's scenarios (admins, feature scenario; spec §2): each can be started from here through the start form,
 * edited on its own screen or deleted after a confirmation; `onChanged` reloads the dashboard after a delete.
 */
export function ScenariosCard({ scenarios, onChanged }: { scenarios: DashScenario[]; onChanged: () => void }) {
  const t = useTranslations('dashboard.scenarios');
  const types = useTranslations('alerts.types');
  const [starting, setStarting] = useState<DashScenario | null>(null);

  return (
    <DashboardCard
      name="scenarios"
      title={t('title')}
      badge={<span className={styles.countBadge}>{scenarios.length}</span>}
    >
      {scenarios.length === 0 ? (
        <p className={styles.empty}>{t('empty')}</p>
      ) : (
        <ul className={styles.scenarioList} aria-labelledby="dash-scenarios">
          {scenarios.map((scenario) => {
            const type = scenarioAlertType(scenario);
            return (
              <li key={scenario.id} className={styles.scenarioRow}>
                <AlertEmblem type={type} label={types(type)} />
                <div className={styles.scenarioText}>
                  <strong>{scenario.name}</strong>
                  {scenario.description && <span className={styles.scenarioDescription}>{scenario.description}</span>}
                </div>
                <div className={styles.scenarioActions}>
                  <ScenarioActions scenario={scenario} onStart={() => setStarting(scenario)} onDeleted={onChanged} />
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <footer className={styles.cardFooter}>
        <Link href={SCENARIOS_SCREEN}>{t('manage')}</Link>
      </footer>
      {starting && <ScenarioStartDialog scenario={starting} onClose={() => setStarting(null)} />}
    </DashboardCard>
  );
}
