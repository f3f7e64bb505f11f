'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useDialogs } from '@/components/ui/dialogs';
import { EmptyState } from '@/components/ui/empty-state';
import { ListPage, listPageTexts } from '@/components/ui/list-page';
import { PagedTableSection } from '@/components/ui/paged-table-section';
import { useApiData } from '@/components/ui/use-api-data';
import { OUTBOX_CHANNELS, OUTBOX_PAGE_SIZE, outboxQuery, type OutboxChannel } from './outbox-api';
import { DriverSummary } from './driver-summary';
import { OutboxTable } from './outbox-table';
import segmented from '@/components/ui/segmented.module.css';
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
  const { state, reload } = useApiData(
    outboxQuery(page, channel),
    (error) => void dialogs.error(t('loadErrorTitle'), t('loadErrorMessage'), error),
  );

  const choose = (next: OutboxChannel | null) => {
    setChannel(next);
    setPage(1);
  };

  return (
    <ListPage {...listPageTexts(t)} state={state} onRetry={reload}>
      {(data) => (
        <>
          <DriverSummary drivers={data.drivers} />
          {data.total === 0 && channel === null ? (
            <EmptyState title={t('emptyTitle')} description={t('emptyDescription')} />
          ) : (
            <PagedTableSection
              label={t('tableLabel')}
              toolbar={
                <div className={`${segmented.segmented} ${styles.filter}`} role="group" aria-label={t('filterLabel')}>
                  {[null, ...OUTBOX_CHANNELS].map((option) => (
                    <button
                      key={option ?? 'all'}
                      type="button"
                      className={`${segmented.segment} ${styles.segmentButton}`}
                      aria-pressed={option === channel}
                      data-checked={option === channel || undefined}
                      onClick={() => choose(option)}
                    >
                      {option ? t(`channels.${option}`) : t('all')}
                    </button>
                  ))}
                </div>
              }
              count={t(data.totalCapped ? 'countCapped' : 'count', { count: data.total })}
              empty={data.items.length === 0 && t('noMatches')}
              pager={{
                page,
                pageSize: OUTBOX_PAGE_SIZE,
                total: data.total,
                totalCapped: data.totalCapped,
                onPage: setPage,
              }}
            >
              <OutboxTable items={data.items} />
            </PagedTableSection>
          )}
        </>
      )}
    </ListPage>
  );
}
