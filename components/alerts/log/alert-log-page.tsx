'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { useDialogs } from '@/components/ui/dialogs';
import { EmptyState } from '@/components/ui/empty-state';
import { DownloadIcon } from '@/components/ui/icons';
import { LoadFailed, Loading } from '@/components/ui/load-states';
import { useApiData } from '@/components/ui/use-api-data';
import { AlertCard } from '@/components/ui/alert-card';
import { Pager } from '@/components/ui/pager';
import { alertLogQuery } from '../alert-api';
import { useIsAdmin } from '@/components/session/use-is-admin';
import { ExportDialog } from './export-dialog';
import { ScopeSwitch } from '@/components/ui/scope-switch';
import type { LogScope } from '@/components/ui/log-scope';
import { LOG_PAGE_SIZE, logHref, TAB_STATUSES, type LogTab } from './log-query';
import styles from '../alerts.module.css';
import logStyles from '@/components/ui/log-list.module.css';

const TABS: LogTab[] = ['all', 'active', 'closed'];
const ROUTE_KEYS: Record<LogTab, 'alerts' | 'alertsActive' | 'alertsClosed'> = {
  all: 'alerts',
  active: 'alertsActive',
  closed: 'alertsClosed',
};

/**
 * The alert log (spec §2): tabs all / active / closed (one route each), newest first, 25 a page with the total. Admins
 * switch between all the company's alerts and their own (sent by or to them) and export a period as CSV.
 */
export function AlertLogPage({ tab, scope, page }: { tab: LogTab; scope: LogScope; page: number }) {
  const t = useTranslations('alerts.log');
  const tRoutes = useTranslations('routes');
  const admin = useIsAdmin();
  const [exporting, setExporting] = useState(false);
  const shownScope: LogScope = admin ? scope : 'mine';
  const route = ROUTE_KEYS[tab];

  return (
    <main className="console-page">
      <PageHeader
        title={tRoutes(`${route}.title`)}
        description={tRoutes(`${route}.description`)}
        actions={
          admin ? (
            <button type="button" className="button" onClick={() => setExporting(true)}>
              <DownloadIcon />
              {t('export.button')}
            </button>
          ) : undefined
        }
      />
      <div className={logStyles.logToolbar}>
        <nav aria-label={t('tabsLabel')}>
          <ul className={styles.tabs}>
            {TABS.map((option) => (
              <li key={option}>
                <Link
                  href={logHref(option, scope)}
                  className={styles.tab}
                  aria-current={option === tab ? 'page' : undefined}
                >
                  {t(`tabs.${option}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {admin && (
          <ScopeSwitch
            scope={scope}
            hrefOf={(option) => logHref(tab, option)}
            texts={{ label: t('scope.label'), all: t('scope.all'), mine: t('scope.mine') }}
          />
        )}
      </div>
      {admin === null ? (
        <Loading label={t('loading')} />
      ) : (
        <AlertList
          key={`${tab}:${shownScope}:${page}`}
          tab={tab}
          scope={shownScope}
          page={page}
          emptyDescription={tRoutes(`${route}.empty`)}
        />
      )}
      {exporting && <ExportDialog onClose={() => setExporting(false)} />}
    </main>
  );
}

function AlertList({
  tab,
  scope,
  page,
  emptyDescription,
}: {
  tab: LogTab;
  scope: LogScope;
  page: number;
  emptyDescription: string;
}) {
  const t = useTranslations('alerts');
  const dialogs = useDialogs();
  const router = useRouter();
  const { state, reload } = useApiData(
    alertLogQuery(scope, TAB_STATUSES[tab], page, LOG_PAGE_SIZE),
    (error) => void dialogs.error(t('log.loadErrorTitle'), t('log.loadErrorMessage'), error),
  );

  if (state.status === 'loading') return <Loading label={t('log.loading')} />;
  if (state.status === 'failed') return <LoadFailed message={t('log.loadErrorMessage')} onRetry={reload} />;
  const { items, total = items.length, totalCapped = false } = state.data;
  if (items.length === 0 && page === 1)
    return <EmptyState title={t('log.emptyTitle')} description={emptyDescription} />;
  return (
    <section className={logStyles.logList} aria-label={t('log.listLabel')}>
      <p className={logStyles.logCount}>{t(totalCapped ? 'log.countCapped' : 'log.count', { count: total })}</p>
      <ul className={logStyles.cardList}>
        {items.map((alert) => (
          <li key={alert.id}>
            <AlertCard alert={alert} lines={3} />
          </li>
        ))}
      </ul>
      <Pager
        page={page}
        pageSize={LOG_PAGE_SIZE}
        total={total}
        totalCapped={totalCapped}
        onPage={(next) => router.push(logHref(tab, scope, next))}
      />
    </section>
  );
}
