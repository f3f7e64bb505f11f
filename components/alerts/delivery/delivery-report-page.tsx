'use client';

import { useTranslations } from 'next-intl';
import { useDeferredValue, useState } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { useDialogs } from '@/components/ui/dialogs';
import { EmptyState } from '@/components/ui/empty-state';
import { TextField } from '@/components/ui/form';
import { LoadFailed, Loading } from '@/components/ui/load-states';
import { useApiData } from '@/components/ui/use-api-data';
import { BackLink } from '@/components/ui/back-link';
import { Pager } from '@/components/ui/pager';
import { alertQuery, deliveriesQuery, type DeliveryStatus } from '../alert-api';
import { useAlertChanged } from '../use-alert-changed';
import { DeliveryStatsView } from './delivery-stats';
import { DeliveryTable } from './delivery-table';
import styles from '../alerts.module.css';

/** Spec §9 / contract: recipients come 1000 a page. */
const DELIVERY_PAGE_SIZE = 1000;

/**
 * /alerts/delivery/{id} (admins and the sender): the recipients per delivery status in the status colours (a chip
 * filters by its status), a search by name, and each recipient's status and channels. Receipts update it live.
 */
export function DeliveryReportPage({ alertId }: { alertId: string }) {
  const t = useTranslations('alerts');
  const dialogs = useDialogs();
  const [status, setStatus] = useState<DeliveryStatus | null>(null);
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const deferredQuery = useDeferredValue(query.trim());
  const alert = useApiData(alertQuery(alertId), () => undefined);
  const report = useApiData(deliveriesQuery(alertId, page, DELIVERY_PAGE_SIZE, status, deferredQuery), (error) => void dialogs.error(t('errorTitles.get'), t('delivery.loadErrorMessage'), error));
  const title = alert.state.status === 'loaded' ? alert.state.data.title : null;
  const data = report.state.status === 'loaded' ? report.state.data : null;

  useAlertChanged(alertId, data !== null, report.reload);

  const choose = (next: DeliveryStatus | null) => {
    setStatus(next);
    setPage(1);
  };

  return (
    <main className="console-page">
      <BackLink href={`/alerts/${alertId}`} label={t('delivery.back')} />
      <PageHeader title={t('delivery.title')} description={title ?? undefined} />
      {report.state.status === 'loading' && <Loading label={t('delivery.loading')} />}
      {report.state.status === 'failed' &&
        (report.state.notFound ? <EmptyState title={t('details.notFoundTitle')} description={t('details.notFoundDescription')} /> : <LoadFailed message={t('delivery.loadErrorMessage')} onRetry={report.reload} />)}
      {data && (
        <>
          <section className={`card ${styles.panel}`} aria-labelledby="delivery-stats-title">
            <h2 id="delivery-stats-title">{t('details.recipients', { count: data.stats.recipients })}</h2>
            <DeliveryStatsView stats={data.stats} filter={{ selected: status, onSelect: choose }} />
          </section>
          <section className={`card ${styles.tableCard}`} aria-label={t('delivery.tableLabel')}>
            <div className={styles.tableToolbar}>
              <TextField
                className={styles.search}
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
              <p className={styles.logCount} aria-live="polite">
                {t('delivery.shown', { count: data.total })}
              </p>
            </div>
            {data.items.length === 0 ? <p className={styles.tableEmpty}>{t('delivery.noMatches')}</p> : <DeliveryTable rows={data.items} />}
            <Pager page={page} pageSize={DELIVERY_PAGE_SIZE} total={data.total} onPage={setPage} className={styles.tablePager} />
          </section>
        </>
      )}
    </main>
  );
}
