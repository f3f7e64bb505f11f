'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { useDialogs } from '@/components/ui/dialogs';
import { BusyButton } from '@/components/ui/form';
import { LoadFailed, Loading } from '@/components/ui/load-states';
import { useToast } from '@/components/ui/toasts';
import { locateOnce } from '@/components/ui/use-my-position';
import { responderApi, type DeviceScenario } from './responder-api';
import styles from './responder.module.css';

type ScenariosState = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; items: DeviceScenario[] };

/**
 * The company's first three scenarios by sort order (spec: the app's front page), each started with one tap and a
 * confirmation, from this device (with its position when the scenario includes one).
 */
export function FrontScenarios({ deviceId }: { deviceId: string }) {
  const t = useTranslations('responder.scenarios');
  const dialogs = useDialogs();
  const toast = useToast();
  const [state, setState] = useState<ScenariosState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [starting, setStarting] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    responderApi.scenarios(deviceId, controller.signal).then(
      ({ items }) => setState({ status: 'loaded', items: items.filter((scenario) => scenario.frontPage) }),
      () => !controller.signal.aborted && setState({ status: 'failed' }),
    );
    return () => controller.abort();
  }, [deviceId, attempt]);

  async function start(scenario: DeviceScenario) {
    const confirmed = await dialogs.text({
      type: 'warning',
      title: t('confirmTitle', { name: scenario.name }),
      message: t('confirmMessage', { title: scenario.alertData.title }),
      confirmLabel: t('start'),
      cancelLabel: t('cancel'),
    });
    if (!confirmed) return;
    setStarting(scenario.id);
    try {
      const located = scenario.includePosition ? await locateOnce() : null;
      await responderApi.startScenario(deviceId, scenario.id, located?.status === 'on' ? located.position : null);
      toast(t('started', { name: scenario.name }), 'success');
    } catch (error) {
      await dialogs.error(t('failedTitle'), t('failedMessage'), error);
    } finally {
      setStarting(null);
    }
  }

  if (state.status === 'loaded' && state.items.length === 0) return null;
  return (
    <section className={styles.card} aria-labelledby="scenarios-title">
      <h2 id="scenarios-title">{t('title')}</h2>
      {state.status === 'loading' && <Loading label={t('loading')} />}
      {state.status === 'failed' && (
        <LoadFailed className={styles.inline} message={t('loadFailed')} onRetry={() => setAttempt((n) => n + 1)} />
      )}
      {state.status === 'loaded' && (
        <div className={styles.scenarioButtons}>
          {state.items.map((scenario) => (
            <BusyButton
              key={scenario.id}
              busy={starting === scenario.id}
              className={`button block ${styles.big}`}
              disabled={!scenario.hasValidTarget || (starting !== null && starting !== scenario.id)}
              onClick={() => void start(scenario)}
            >
              {scenario.name}
            </BusyButton>
          ))}
        </div>
      )}
    </section>
  );
}
