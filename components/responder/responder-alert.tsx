'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { alertQuery, commentsQuery } from '@/components/alerts/alert-api';
import { AlertMap } from '@/components/alerts/details/alert-map';
import { AlertBadges, AlertSummary } from '@/components/alerts/details/alert-summary';
import { CommentComposer } from '@/components/alerts/details/comment-composer';
import { CommentTimeline } from '@/components/alerts/details/comment-timeline';
import { BackLink } from '@/components/ui/back-link';
import { useDialogs } from '@/components/ui/dialogs';
import { BusyButton } from '@/components/ui/form';
import { LoadFailed, Loading } from '@/components/ui/load-states';
import { useApiData } from '@/components/ui/use-api-data';
import { session } from '@/lib/http/client';
import {
  confirmAlert,
  isPending,
  PENDING_SENT_EVENT,
  pendingReplies,
  queueReply,
  type ConfirmOutcome,
  type PendingReply,
} from './offline-queue';
import { AnswerCard } from './answer-card';
import { positionWithin, sharesPosition } from './quick-position';
import { useResponder } from './responder-context';
import styles from './responder.module.css';

/** The timeline comes in one page, as on the console's alert page. */
const COMMENTS_PAGE_SIZE = 1000;

type Confirmation = 'no' | ConfirmOutcome;

/** A confirmation waits this long at most for the position the person chose to send with it. */
const CONFIRM_LOCATE_MS = 5_000;

/**
 * /r/alerts/{id}: the alert with its files, map and timeline, a reply that joins the timeline, and the confirmation —
 * made at once when a notification was tapped (`confirm`), else with one tap here. Without a network it waits in the
 * browser and is sent when the network is back.
 */
export function ResponderAlert({
  alertId,
  confirmOnOpen,
  companyId: alertCompanyId,
}: {
  alertId: string;
  confirmOnOpen: boolean;
  /** The alert's company, from the notification: the page opens that company first when it is another of the person's. */
  companyId: string | null;
}) {
  const t = useTranslations('responder.alert');
  const tAlerts = useTranslations('alerts');
  const dialogs = useDialogs();
  const { me, deviceId } = useResponder();
  const companyId = me.customer?.customerId ?? '';
  const otherCompany =
    alertCompanyId !== null &&
    alertCompanyId !== companyId &&
    me.customers.some((company) => company.customerId === alertCompanyId);
  const detail = useApiData(alertQuery(alertId), () => undefined);
  const comments = useApiData(commentsQuery(alertId, COMMENTS_PAGE_SIZE), () => undefined);
  const [confirmation, setConfirmation] = useState<Confirmation>(() =>
    typeof window !== 'undefined' && isPending(alertId, me.user.id) ? 'queued' : 'no',
  );
  const [busy, setBusy] = useState(false);
  const confirmedOnOpen = useRef(false);
  const [queuedReplies, setQueuedReplies] = useState<PendingReply[]>([]);
  const { reload: reloadComments } = comments;

  // What waited for the network went out (the shell sends it when the network is back): show it as sent.
  useEffect(() => {
    const refresh = () => {
      setQueuedReplies(pendingReplies(alertId, me.user.id));
      setConfirmation((current) => (current === 'queued' && !isPending(alertId, me.user.id) ? 'confirmed' : current));
    };
    const sent = () => {
      refresh();
      reloadComments();
    };
    refresh();
    window.addEventListener(PENDING_SENT_EVENT, sent);
    return () => window.removeEventListener(PENDING_SENT_EVENT, sent);
  }, [alertId, me.user.id, reloadComments]);

  const replyOffline = useCallback(
    (reply: { clientId: string; message: string }) => {
      queueReply({ ...reply, alertId, userId: me.user.id, companyId, writtenAt: new Date().toISOString() });
      setQueuedReplies(pendingReplies(alertId, me.user.id));
    },
    [alertId, me.user.id, companyId],
  );

  const confirm = useCallback(async () => {
    setBusy(true);
    try {
      const position = sharesPosition(me.user.id) ? await positionWithin(CONFIRM_LOCATE_MS) : null;
      setConfirmation(await confirmAlert({ alertId, userId: me.user.id, companyId, deviceId, position }));
    } catch (error) {
      await dialogs.error(t('confirmFailedTitle'), t('confirmFailedMessage'), error);
    } finally {
      setBusy(false);
    }
  }, [alertId, me.user.id, companyId, deviceId, dialogs, t]);

  useEffect(() => {
    if (!otherCompany || !alertCompanyId) return;
    session.setCustomerId(alertCompanyId);
    window.location.reload();
  }, [otherCompany, alertCompanyId]);

  useEffect(() => {
    if (!confirmOnOpen || otherCompany || confirmedOnOpen.current) return;
    confirmedOnOpen.current = true;
    void confirm();
  }, [confirmOnOpen, otherCompany, confirm]);

  const answered = useCallback(() => setConfirmation('confirmed'), []);

  const alert = detail.state.status === 'loaded' ? detail.state.data : null;
  if (otherCompany) return <Loading label={t('loading')} />;
  return (
    <div className={styles.stack}>
      <BackLink href="/r" label={t('back')} />
      <h1>{alert ? alert.title : t('title')}</h1>
      {alert && <AlertBadges alert={alert} />}
      <section
        className={`${styles.card} ${confirmation === 'confirmed' ? styles.ok : styles.attention}`}
        aria-live="polite"
      >
        {confirmation === 'no' ? (
          <>
            <p>{t('confirmPrompt')}</p>
            <BusyButton busy={busy} className={`button primary block ${styles.big}`} onClick={() => void confirm()}>
              {t('confirm')}
            </BusyButton>
          </>
        ) : (
          <p className={styles.confirmed} role="status">
            {confirmation === 'confirmed' ? t('confirmed') : t('queued')}
          </p>
        )}
      </section>
      {alert && <AnswerCard alert={alert} userId={me.user.id} deviceId={deviceId} onAnswered={answered} />}
      {detail.state.status === 'loading' && <Loading label={t('loading')} />}
      {detail.state.status === 'failed' && (
        <LoadFailed
          className={styles.card}
          message={detail.state.notFound ? t('notFound') : t('loadFailed')}
          onRetry={detail.reload}
        />
      )}
      {alert && (
        <>
          <AlertSummary alert={alert} admin={false} />
          <AlertMap alert={alert} />
          <section className={styles.card} aria-labelledby="timeline-title">
            <h2 id="timeline-title">{tAlerts('timeline.title')}</h2>
            {comments.state.status === 'loaded' &&
              (comments.state.data.items.length > 0 || queuedReplies.length === 0) && (
                <CommentTimeline comments={comments.state.data.items} />
              )}
            {queuedReplies.length > 0 && (
              <ul className={styles.queuedReplies} aria-label={t('queuedRepliesLabel')}>
                {queuedReplies.map((reply) => (
                  <li key={reply.clientId}>
                    <p>{reply.message}</p>
                    <p className="muted">{t('queuedReply')}</p>
                  </li>
                ))}
              </ul>
            )}
            {alert.status === 'active' && alert.canComment ? (
              <CommentComposer
                alertId={alert.id}
                canUpdate={false}
                onPosted={() => comments.reload()}
                onOffline={replyOffline}
              />
            ) : (
              alert.status === 'completed' && <p className="muted">{tAlerts('composer.closedNotice')}</p>
            )}
          </section>
        </>
      )}
    </div>
  );
}
