'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { OutboxTable } from '@/components/outbox/outbox-table';
import { useDialogs } from '@/components/ui/dialogs';
import { LoadFailed, Loading } from '@/components/ui/load-states';
import { PagedTableSection } from '@/components/ui/paged-table-section';
import { useApiData } from '@/components/ui/use-api-data';
import { OUTBOX_PAGE_SIZE } from '@/lib/outbox/outbox-channels';
import { recordedEmailsQuery } from './operator-api';

/**
 * Every e-mail the outbox recorded instead of sending (no SMTP), of every company and of none: sign-up confirmations
 * and password resets included, so that an operator can hand a person their link.
 */
export function RecordedEmailsSection() {
  const t = useTranslations('operator.emails');
  const dialogs = useDialogs();
  const [page, setPage] = useState(1);
  const { state, reload } = useApiData(
    recordedEmailsQuery(page),
    (error) => void dialogs.error(t('loadErrorTitle'), t('loadErrorMessage'), error),
  );
  if (state.status === 'loading') return <Loading label={t('loading')} />;
  if (state.status === 'failed') return <LoadFailed message={t('loadErrorMessage')} onRetry={reload} />;
  const { items, total, totalCapped } = state.data;
  return (
    <PagedTableSection
      label={t('heading')}
      toolbar={
        <div>
          <h2>{t('heading')}</h2>
          <p className="muted">{t('intro')}</p>
        </div>
      }
      count={t('count', { count: total })}
      empty={items.length === 0 && t('empty')}
      pager={{ page, pageSize: OUTBOX_PAGE_SIZE, total, totalCapped, onPage: setPage }}
    >
      <OutboxTable items={items} showCompany />
    </PagedTableSection>
  );
}
