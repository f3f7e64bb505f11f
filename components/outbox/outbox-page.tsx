'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Pager } from '@/components/ui/pager';
import { PageHeader } from '@/components/ui/page-header';
import { useDialogs } from '@/components/ui/dialogs';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadFailed, Loading } from '@/components/ui/load-states';
import { useApiData } from '@/components/ui/use-api-data';
import { OUTBOX_CHANNELS, OUTBOX_PAGE_SIZE, outboxQuery, type OutboxChannel } from './outbox-api';
import { DriverSummary } from './driver-summary';
import { OutboxTable } from './outbox-table';
import alertStyles from '@/components/alerts/alerts.module.css';
import styles from './outbox.module.css';

/**
 * /company/outbox (admins): what the outbox driver recorded for the company where no provider is configured (DESIGN §6),
 * newest first, 50 a page, filtered by channel; and which channels really go out.
 */
export function OutboxPage() {
  const t = useTranslations('outbox');
  const dialogs = useDialogs();
  const [channel, setChannel] = useState<OutboxChannel | null>(null);
  const [page, setPage] = useState(1);
  const { state, reload } = useApiData(outboxQuery(page, channel), (error) => void dialogs.error(t('loadErrorTitle'), t('loadErrorMessage'), error));
  const data = state.status === 'loaded' ? state.data : null;

  const choose = (next: OutboxChannel | null) => {
    setChannel(next);
    setPage(1);
  };

  return (
    <main className="console-page">
      <PageHeader title={t('title')} description={t('description')} />
      {state.status === 'loading' && <Loading label={t('loading')} />}
      {state.status === 'failed' && <LoadFailed message={t('loadErrorMessage')} onRetry={reload} />}
      {data && (
        <>
          <DriverSummary drivers={data.drivers} />
          {data.total === 0 && channel === null ? (
            <EmptyState title={t('emptyTitle')} description={t('emptyDescription')} />
          ) : (
            <section className={`card ${alertStyles.tableCard}`} aria-label={t('tableLabel')}>
              <div className={alertStyles.tableToolbar}>
                <div className={`${alertStyles.segmented} ${styles.filter}`} role="group" aria-label={t('filterLabel')}>
                  {[null, ...OUTBOX_CHANNELS].map((option) => (
                    <button
                      key={option ?? 'all'}
                      type="button"
                      className={`${alertStyles.segment} ${styles.segmentButton}`}
                      aria-pressed={option === channel}
                      data-checked={option === channel || undefined}
                      onClick={() => choose(option)}
                    >
                      {option ? t(`channels.${option}`) : t('all')}
                    </button>
                  ))}
                </div>
                <p className={alertStyles.logCount} aria-live="polite">
                  {t('count', { count: data.total })}
                </p>
              </div>
              {data.items.length === 0 ? <p className={alertStyles.tableEmpty}>{t('noMatches')}</p> : <OutboxTable items={data.items} />}
              <Pager page={page} pageSize={OUTBOX_PAGE_SIZE} total={data.total} onPage={setPage} className={alertStyles.tablePager} />
            </section>
          )}
        </>
      )}
    </main>
  );
}
