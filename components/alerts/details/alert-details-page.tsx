'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useDialogs } from '@/components/ui/dialogs';
import { ListPage } from '@/components/ui/list-page';
import { LoadFailed, Loading } from '@/components/ui/load-states';
import { useApiData } from '@/components/ui/use-api-data';
import { alertQuery, commentsQuery } from '../alert-api';
import { AnswerStatsView } from '../answers/answer-stats';
import { AskedOptions } from '../answers/asked-options';
import { HelpQueue } from '../answers/help-queue';
import { ReaskButton } from '../answers/reask-button';
import { DeliveryStatsView } from '../delivery/delivery-stats';
import { useAlertChanged } from '../use-alert-changed';
import { useIsAdmin } from '@/components/session/use-is-admin';
import { AlertActions } from './alert-actions';
import { AlertMap } from './alert-map';
import { AlertBadges, AlertSummary } from './alert-summary';
import { CommentComposer } from './comment-composer';
import { CommentTimeline } from './comment-timeline';
import styles from '../alerts.module.css';
import panelStyles from '@/components/ui/panel.module.css';

/** Spec §9: the alert's messages come in one page of 1000. */
const COMMENTS_PAGE_SIZE = 1000;

/**
 * /alerts/{id} (spec §2, §3 Alert detail): the alert with its files, target, map and delivery summary, the timeline of
 * comments and updates with a box to write one, and for admins and the sender close, delete and the delivery report.
 * Changes by others (a comment, the close, receipts) arrive live.
 */
export function AlertDetailsPage({ alertId }: { alertId: string }) {
  const t = useTranslations('alerts');
  const dialogs = useDialogs();
  const admin = useIsAdmin() ?? false;
  const detail = useApiData(
    alertQuery(alertId),
    (error) => void dialogs.error(t('errorTitles.get'), t('details.loadErrorMessage'), error),
  );
  const comments = useApiData(
    commentsQuery(alertId, COMMENTS_PAGE_SIZE),
    (error) => void dialogs.error(t('errorTitles.get'), t('timeline.loadErrorMessage'), error),
  );
  const alert = detail.state.status === 'loaded' ? detail.state.data : null;

  useAlertChanged(alertId, alert !== null, () => {
    detail.reload();
    comments.reload();
  });

  return (
    <ListPage
      back={{ href: '/alerts', label: t('details.back') }}
      title={alert ? alert.title : t('details.title')}
      description={alert ? <AlertBadges alert={alert} /> : undefined}
      state={detail.state}
      loadingLabel={t('details.loading')}
      errorMessage={t('details.loadErrorMessage')}
      onRetry={detail.reload}
      notFound={{ title: t('details.notFoundTitle'), description: t('details.notFoundDescription') }}
    >
      {(alert) => (
        <div className={styles.detailsLayout}>
          <div className={styles.detailsMain}>
            <AlertSummary alert={alert} admin={admin} />
            <section className={`card ${panelStyles.panel}`} aria-labelledby="timeline-title">
              <h2 id="timeline-title">{t('timeline.title')}</h2>
              {comments.state.status === 'loading' && <Loading label={t('timeline.loading')} />}
              {comments.state.status === 'failed' && (
                <LoadFailed message={t('timeline.loadErrorMessage')} onRetry={comments.reload} />
              )}
              {comments.state.status === 'loaded' && <CommentTimeline comments={comments.state.data.items} />}
              {alert.status === 'active' && (alert.canComment || alert.canManage) ? (
                <CommentComposer
                  alertId={alert.id}
                  canUpdate={alert.canManage}
                  onPosted={(_comment, closed) => {
                    comments.reload();
                    if (closed) detail.reload();
                  }}
                />
              ) : (
                alert.status === 'completed' && <p className={styles.closedNotice}>{t('composer.closedNotice')}</p>
              )}
            </section>
          </div>
          <aside className={styles.detailsSide}>
            <section className={`card ${panelStyles.panel}`} aria-labelledby="delivery-title">
              <h2 id="delivery-title">{t('details.deliveryTitle')}</h2>
              <p className={styles.recipients}>{t('details.recipients', { count: alert.stats.recipients })}</p>
              <DeliveryStatsView stats={alert.stats} />
              {alert.canManage && (
                <Link className="button" href={`/alerts/delivery/${alert.id}`}>
                  {t('details.deliveryReport')}
                </Link>
              )}
            </section>
            {alert.canManage && alert.responseOptions.length > 0 && (
              <section className={`card ${panelStyles.panel}`} aria-labelledby="answers-title">
                <h2 id="answers-title">{t('delivery.answersTitle')}</h2>
                <AskedOptions options={alert.responseOptions} />
                <AnswerStatsView counts={alert.answers} />
                {alert.status === 'active' && alert.answers.none > 0 && (
                  <ReaskButton alertId={alert.id} unanswered={alert.answers.none} />
                )}
                <HelpQueue alertId={alert.id} />
                <Link className="button" href={`/alerts/delivery/${alert.id}`}>
                  {t('details.answersReport')}
                </Link>
              </section>
            )}
            <AlertMap alert={alert} />
            {alert.canManage && (
              <section className={`card ${panelStyles.panel}`} aria-labelledby="manage-title">
                <h2 id="manage-title">{t('details.manageTitle')}</h2>
                <AlertActions
                  alert={alert}
                  onClosed={(closed) => {
                    detail.setData(closed);
                    comments.reload();
                  }}
                />
              </section>
            )}
          </aside>
        </div>
      )}
    </ListPage>
  );
}
