'use client';

import { useTranslations } from 'next-intl';
import { useDeferredValue, useState } from 'react';
import { ChannelsNotSending } from '@/components/outbox/channels-not-sending';
import { useIsAdmin } from '@/components/session/use-is-admin';
import { useDialogs } from '@/components/ui/dialogs';
import { TextField } from '@/components/ui/form';
import { ListPage } from '@/components/ui/list-page';
import { PagedTableSection } from '@/components/ui/paged-table-section';
import { useApiData } from '@/components/ui/use-api-data';
import { alertQuery, deliveriesQuery, type DeliveryStatus } from '../alert-api';
import { useAlertChanged } from '../use-alert-changed';
import { AnswerStatsView } from '../answers/answer-stats';
import type { AnswerFilter } from '../answers/answer-colours';
import { DeliveryStatsView } from './delivery-stats';
import { DeliveryTable } from './delivery-table';
import { ExportDeliveriesButton } from './export-deliveries-button';
import panelStyles from '@/components/ui/panel.module.css';

/** Spec §9 / contract: recipients come 1000 a page. */
const DELIVERY_PAGE_SIZE = 1000;

/**
 * /alerts/delivery/{id} (admins and the sender): the recipients per delivery status in the status colours (a chip
 * filters by its status), the answers when the alert asks for them (a chip filters by answer), a search by name, and each recipient's status and channels. Receipts update it live.
 */
export function DeliveryReportPage({ alertId }: { alertId: string }) {
  const t = useTranslations('alerts');
  const dialogs = useDialogs();
  const [status, setStatus] = useState<DeliveryStatus | null>(null);
  const [answer, setAnswer] = useState<AnswerFilter | null>(null);
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const deferredQuery = useDeferredValue(query.trim());
  const alert = useApiData(alertQuery(alertId), () => undefined);
  const report = useApiData(
    deliveriesQuery(alertId, page, DELIVERY_PAGE_SIZE, status, deferredQuery, answer),
    (error) => void dialogs.error(t('errorTitles.get'), t('delivery.loadErrorMessage'), error),
  );
  const title = alert.state.status === 'loaded' ? alert.state.data.title : null;
  const asksAnswers = alert.state.status === 'loaded' && alert.state.data.responseOptions.length > 0;
  const admin = useIsAdmin() === true;
  useAlertChanged(alertId, report.state.status === 'loaded', report.reload);

  const choose = (next: DeliveryStatus | null) => {
    setStatus(next);
    setPage(1);
  };
  const chooseAnswer = (next: AnswerFilter | null) => {
    setAnswer(next);
    setPage(1);
  };

  return (
    <ListPage
      back={{ href: `/alerts/${alertId}`, label: t('delivery.back') }}
      title={t('delivery.title')}
      description={title ?? undefined}
      actions={report.state.status === 'loaded' ? <ExportDeliveriesButton alertId={alertId} /> : undefined}
      state={report.state}
      loadingLabel={t('delivery.loading')}
      errorMessage={t('delivery.loadErrorMessage')}
      onRetry={report.reload}
      notFound={{ title: t('details.notFoundTitle'), description: t('details.notFoundDescription') }}
    >
      {(data) => (
        <>
          {alert.state.status === 'loaded' && <ChannelsNotSending channels={alert.state.data.channels} admin={admin} />}
          <section className={`card ${panelStyles.panel}`} aria-labelledby="delivery-stats-title">
            <h2 id="delivery-stats-title">{t('details.recipients', { count: data.stats.recipients })}</h2>
            <DeliveryStatsView stats={data.stats} filter={{ selected: status, onSelect: choose }} />
            {data.callsQueued > 0 && <p className="muted">{t('delivery.callsQueued', { count: data.callsQueued })}</p>}
          </section>
          {asksAnswers && (
            <section className={`card ${panelStyles.panel}`} aria-labelledby="answer-stats-title">
              <h2 id="answer-stats-title">{t('delivery.answersTitle')}</h2>
              <AnswerStatsView counts={data.answers} filter={{ selected: answer, onSelect: chooseAnswer }} />
            </section>
          )}
          <PagedTableSection
            label={t('delivery.tableLabel')}
            toolbar={
              <TextField
                label={t('delivery.search')}
                name="q"
                type="search"
                value={query}
                onChange={(value) => {
                  setQuery(value);
                  setPage(1);
                }}
                autoComplete="off"
              />
            }
            count={t('delivery.shown', { count: data.total })}
            empty={data.items.length === 0 && t('delivery.noMatches')}
            pager={{ page, pageSize: DELIVERY_PAGE_SIZE, total: data.total, onPage: setPage }}
          >
            <DeliveryTable rows={data.items} showAnswers={asksAnswers} />
          </PagedTableSection>
        </>
      )}
    </ListPage>
  );
}
