'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useDialogs } from '@/components/ui/dialogs';
import { EditIcon, TrashIcon } from '@/components/ui/icons';
import { useToast } from '@/components/ui/toasts';
import { scenarioApi, type Scenario } from './scenario-api';

export const SCENARIOS_SCREEN = '/automation/scenarios';

/** Deletes a scenario after the person confirms; `onDeleted` runs once it is gone. A failure is shown, not thrown. */
export function useDeleteScenario() {
  const t = useTranslations('scenarios');
  const dialogs = useDialogs();
  const toast = useToast();
  return async function deleteScenario(scenario: Pick<Scenario, 'id' | 'name'>, onDeleted: () => void) {
    const confirmed = await dialogs.text({
      type: 'warning',
      title: t('delete.title', { name: scenario.name }),
      message: t('delete.message'),
      confirmLabel: t('delete.confirm'),
      cancelLabel: t('cancel'),
    });
    if (!confirmed) return;
    try {
      await scenarioApi.remove(scenario.id);
      toast(t('delete.done', { name: scenario.name }));
      onDeleted();
    } catch (error) {
      await dialogs.error(t('delete.errorTitle'), t('delete.errorMessage'), error);
    }
  };
}

/** A scenario's start button, edit link and delete button (the dashboard card and the scenarios screen). */
export function ScenarioActions({
  scenario,
  onStart,
  onDeleted,
}: {
  scenario: Scenario;
  onStart: () => void;
  onDeleted: () => void;
}) {
  const t = useTranslations('scenarios');
  const deleteScenario = useDeleteScenario();
  return (
    <>
      <button
        type="button"
        className="button primary"
        onClick={onStart}
        aria-label={t('startLabel', { name: scenario.name })}
      >
        {t('start')}
      </button>
      <Link
        href={`${SCENARIOS_SCREEN}/${scenario.id}`}
        className="icon-button"
        aria-label={t('editLabel', { name: scenario.name })}
        title={t('edit')}
      >
        <EditIcon />
      </Link>
      <button
        type="button"
        className="icon-button"
        onClick={() => void deleteScenario(scenario, onDeleted)}
        aria-label={t('deleteLabel', { name: scenario.name })}
        title={t('delete.confirm')}
      >
        <TrashIcon />
      </button>
    </>
  );
}
