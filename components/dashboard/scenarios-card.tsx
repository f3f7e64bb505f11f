'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { AlertEmblem } from '@/components/ui/alert-emblem';
import { useDialogs } from '@/components/ui/dialogs';
import { EditIcon, TrashIcon } from '@/components/ui/icons';
import { useToast } from '@/components/ui/toasts';
import { dashboardApi, type DashScenario } from './dashboard-api';
import { scenarioAlertType } from './scenario-start';
import { ScenarioStartDialog } from './scenario-start-dialog';
import { DashboardCard } from './dashboard-card';
import styles from './dashboard.module.css';

const SCENARIOS_PATH = '/automation/scenarios';

/**
 * The company's scenarios (admins, feature scenario; spec §2): each can be started from here through the start form,
 * edited on its own screen or deleted after a confirmation; `onChanged` reloads the dashboard after a delete.
 */
export function ScenariosCard({ scenarios, onChanged }: { scenarios: DashScenario[]; onChanged: () => void }) {
  const t = useTranslations('dashboard.scenarios');
  const types = useTranslations('alerts.types');
  const dialogs = useDialogs();
  const toast = useToast();
  const [starting, setStarting] = useState<DashScenario | null>(null);

  async function remove(scenario: DashScenario) {
    const confirmed = await dialogs.text({
      type: 'warning',
      title: t('delete.title', { name: scenario.name }),
      message: t('delete.message'),
      confirmLabel: t('delete.confirm'),
      cancelLabel: t('cancel'),
    });
    if (!confirmed) return;
    try {
      await dashboardApi.deleteScenario(scenario.id);
      toast(t('delete.done', { name: scenario.name }));
      onChanged();
    } catch (error) {
      await dialogs.error(t('delete.errorTitle'), t('delete.errorMessage'), error);
    }
  }

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
                  <button
                    type="button"
                    className="button primary"
                    onClick={() => setStarting(scenario)}
                    aria-label={t('startLabel', { name: scenario.name })}
                  >
                    {t('start')}
                  </button>
                  <Link
                    href={`${SCENARIOS_PATH}/${scenario.id}`}
                    className="icon-button"
                    aria-label={t('editLabel', { name: scenario.name })}
                    title={t('edit')}
                  >
                    <EditIcon />
                  </Link>
                  <button
                    type="button"
                    className="icon-button"
                    onClick={() => void remove(scenario)}
                    aria-label={t('deleteLabel', { name: scenario.name })}
                    title={t('delete.confirm')}
                  >
                    <TrashIcon />
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <footer className={styles.cardFooter}>
        <Link href={SCENARIOS_PATH}>{t('manage')}</Link>
      </footer>
      {starting && <ScenarioStartDialog scenario={starting} onClose={() => setStarting(null)} />}
    </DashboardCard>
  );
}
