'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useDialogs } from '@/components/ui/dialogs';
import { BusyButton } from '@/components/ui/form';
import { TEST_PUSH_MESSAGE } from '@/lib/responder/notification-labels';
import { responderApi } from './responder-api';
import styles from './responder.module.css';

/** How long a test push may take to arrive before the person is told it did not. */
export const TEST_PUSH_WAIT_MS = 30_000;

type TestState = 'idle' | 'waiting' | 'arrived' | 'notArrived';

/** The test pushes the service worker reported, listened to before the test is sent (a push can beat the answer). */
function listenForTestPushes(): { arrived: (testId: string, ms: number) => Promise<boolean>; stop: () => void } {
  const seen = new Set<string>();
  const waiting = new Map<string, () => void>();
  const onMessage = (event: MessageEvent) => {
    const data = event.data as { type?: string; testId?: string } | null;
    if (data?.type !== TEST_PUSH_MESSAGE || !data.testId) return;
    seen.add(data.testId);
    waiting.get(data.testId)?.();
  };
  navigator.serviceWorker.addEventListener('message', onMessage);
  return {
    arrived: (testId, ms) =>
      new Promise((resolve) => {
        if (seen.has(testId)) return resolve(true);
        const timer = setTimeout(() => resolve(false), ms);
        waiting.set(testId, () => {
          clearTimeout(timer);
          resolve(true);
        });
      }),
    stop: () => navigator.serviceWorker.removeEventListener('message', onMessage),
  };
}

/**
 * "Test my alerts": a push to this device through the real path; when the service worker shows it, the server records
 * the successful test (the admins see it on the members list).
 */
export function TestAlerts({ deviceId }: { deviceId: string }) {
  const t = useTranslations('responder.test');
  const dialogs = useDialogs();
  const [state, setState] = useState<TestState>('idle');

  async function test() {
    setState('waiting');
    const listener = listenForTestPushes();
    try {
      const sent = await responderApi.testPush(deviceId);
      if (sent.outcome === 'failed') {
        setState('notArrived');
        return;
      }
      if (!(await listener.arrived(sent.testId, TEST_PUSH_WAIT_MS))) {
        setState('notArrived');
        return;
      }
      await responderApi.testPushReceived(deviceId, sent.testId);
      setState('arrived');
    } catch (error) {
      setState('idle');
      await dialogs.error(t('failedTitle'), t('failedMessage'), error);
    } finally {
      listener.stop();
    }
  }

  return (
    <div className={styles.test}>
      <BusyButton busy={state === 'waiting'} className="button" onClick={() => void test()}>
        {state === 'waiting' ? t('waiting') : t('button')}
      </BusyButton>
      {(state === 'arrived' || state === 'notArrived') && (
        <p role="status" className={state === 'arrived' ? styles.confirmed : styles.problem}>
          {t(state)}
        </p>
      )}
    </div>
  );
}
