'use client';

import Link from 'next/link';
import { useFormatter, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { BackLink } from '@/components/ui/back-link';
import { useDialogs } from '@/components/ui/dialogs';
import { BusyButton } from '@/components/ui/form';
import { LoadFailed, Loading } from '@/components/ui/load-states';
import { locateOnce } from '@/components/ui/use-my-position';
import { ApiCallError } from '@/lib/http/client';
import { responderPositioningPath } from '@/lib/responder/notification-for-push';
import { responderApi, type PositioningRequest as Request } from './responder-api';
import { useResponder } from './responder-context';
import styles from './responder.module.css';

type RequestState =
  { status: 'loading' } | { status: 'failed'; notFound: boolean } | { status: 'loaded'; request: Request };

/** What became of the request, said to the person. */
function outcome(request: Request): 'shared' | 'declined' | 'closed' | null {
  if (request.respondedAt) return request.declined ? 'declined' : 'shared';
  return request.open ? null : 'closed';
}

/**
 * /r/positionings/{id}: who asks for this device's position and why (the reason they had to give), and the answer —
 * the browser's position, or a refusal. Nothing is sent before the person chooses.
 */
export function PositioningRequestView({ positioningId }: { positioningId: string }) {
  const t = useTranslations('responder.positioning');
  const format = useFormatter();
  const dialogs = useDialogs();
  const { deviceId } = useResponder();
  const [state, setState] = useState<RequestState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState<null | 'share' | 'decline'>(null);

  useEffect(() => {
    if (!deviceId) return;
    const controller = new AbortController();
    responderApi.positioningRequest(deviceId, positioningId, controller.signal).then(
      (request) => setState({ status: 'loaded', request }),
      (error: unknown) =>
        !controller.signal.aborted &&
        setState({ status: 'failed', notFound: error instanceof ApiCallError && error.status === 404 }),
    );
    return () => controller.abort();
  }, [deviceId, positioningId, attempt]);

  async function answer(kind: 'share' | 'decline') {
    if (!deviceId || state.status !== 'loaded') return;
    setBusy(kind);
    try {
      let body: Parameters<typeof responderApi.answerPositioning>[2] = { declined: true };
      if (kind === 'share') {
        const located = await locateOnce();
        if (located.status !== 'on') {
          await dialogs.text({
            type: 'error',
            title: t('locateFailedTitle'),
            message: t(`locateFailed.${located.reason}`),
          });
          return;
        }
        body = { ...located.position, positionedAt: new Date().toISOString() };
      }
      const answered = await responderApi.answerPositioning(deviceId, positioningId, body);
      setState({
        status: 'loaded',
        request: { ...state.request, ...answered, open: answered.accepted ? state.request.open : false },
      });
    } catch (error) {
      await dialogs.error(t('answerFailedTitle'), t('answerFailedMessage'), error);
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className={styles.stack}>
      <BackLink href="/r" label={t('back')} />
      <h1>{t('title')}</h1>
      {!deviceId && <p className={styles.card}>{t('noDevice')}</p>}
      {deviceId && state.status === 'loading' && <Loading label={t('loading')} />}
      {state.status === 'failed' && (
        <LoadFailed
          className={styles.card}
          message={state.notFound ? t('notFound') : t('loadFailed')}
          onRetry={() => setAttempt((n) => n + 1)}
        />
      )}
      {state.status === 'loaded' && (
        <section className={styles.card} aria-labelledby="asked-by">
          <h2 id="asked-by">
            {t('asks', { name: state.request.askedBy || t('someone'), company: state.request.companyName })}
          </h2>
          <p>
            <strong>{t('reason')}</strong> {state.request.reason}
          </p>
          <p className="muted small">
            {t('answerBy', { time: format.dateTime(new Date(state.request.answerBy), { timeStyle: 'short' }) })}
          </p>
          {outcome(state.request) === null ? (
            <div className={styles.actions}>
              <BusyButton busy={busy === 'share'} className="button primary" onClick={() => void answer('share')}>
                {t('share')}
              </BusyButton>
              <BusyButton busy={busy === 'decline'} className="button" onClick={() => void answer('decline')}>
                {t('decline')}
              </BusyButton>
            </div>
          ) : (
            <p className={styles.confirmed} role="status">
              {t(`outcome.${outcome(state.request)}`)}
            </p>
          )}
        </section>
      )}
    </div>
  );
}

/** The requests for this device's position still waiting for an answer, on the front page. */
export function OpenPositioningRequests({ deviceId }: { deviceId: string }) {
  const t = useTranslations('responder.positioning');
  const [items, setItems] = useState<Request[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    responderApi.positioningRequests(deviceId, controller.signal).then(
      ({ items: open }) => setItems(open),
      () => undefined,
    );
    return () => controller.abort();
  }, [deviceId]);
  if (items.length === 0) return null;
  return (
    <section className={`${styles.card} ${styles.attention}`} aria-labelledby="open-requests">
      <h2 id="open-requests">{t('openTitle')}</h2>
      <ul className={styles.alertList}>
        {items.map((request) => (
          <li key={request.positioningId}>
            <Link href={responderPositioningPath(request.positioningId)} className={styles.alertLink}>
              <span className={styles.alertText}>
                <strong>{t('asks', { name: request.askedBy || t('someone'), company: request.companyName })}</strong>
                <span className="muted small">{request.reason}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
