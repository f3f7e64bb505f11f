'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { TargetSummary } from '@/components/alert-form/target-summary';
import { scopedLogHref, type LogScope } from '@/components/ui/log-scope';
import { ScopeSwitch } from '@/components/ui/scope-switch';
import { useIsAdmin } from '@/components/session/use-is-admin';
import { useDialogs } from '@/components/ui/dialogs';
import { EmptyState } from '@/components/ui/empty-state';
import { formatDateTime } from '@/components/ui/format-date';
import { LoadFailed, Loading } from '@/components/ui/load-states';
import { PageHeader } from '@/components/ui/page-header';
import { Pager } from '@/components/ui/pager';
import { useApiData } from '@/components/ui/use-api-data';
import { POSITIONING_LOG_PAGE_SIZE, positioningLogQuery, type PositioningView } from './positioning-api';
import cardStyles from '@/components/ui/alert-card.module.css';
import styles from './positionings.module.css';
import logStyles from '@/components/ui/log-list.module.css';

const logHref = (scope: LogScope, page = 1) => scopedLogHref('/positionings', scope, page);

/**
 * /positionings (spec §2): the positioning log, newest first, 25 a page: when, who asked, why, whom and how many were
 * found. Members see those that located them; admins switch between all the company's and their own, and open one.
 */
export function PositioningLogPage({ scope, page }: { scope: LogScope; page: number }) {
  const t = useTranslations('positionings.log');
  const tRoutes = useTranslations('routes.positionings');
  const admin = useIsAdmin();
  const shownScope: LogScope = admin ? scope : 'mine';
  return (
    <main className="console-page">
      <PageHeader
        title={tRoutes('title')}
        description={tRoutes('description')}
        actions={
          admin ? (
            <Link href="/newPositioning" className="button primary">
              {t('newButton')}
            </Link>
          ) : undefined
        }
      />
      {admin && (
        <div className={logStyles.logToolbar}>
          <ScopeSwitch
            scope={scope}
            hrefOf={(option) => logHref(option)}
            texts={{ label: t('scope.label'), all: t('scope.all'), mine: t('scope.mine') }}
          />
        </div>
      )}
      {admin === null ? (
        <Loading label={t('loading')} />
      ) : (
        <PositioningList key={`${shownScope}:${page}`} scope={shownScope} page={page} canOpen={admin} />
      )}
    </main>
  );
}

function PositioningList({ scope, page, canOpen }: { scope: LogScope; page: number; canOpen: boolean }) {
  const t = useTranslations('positionings');
  const dialogs = useDialogs();
  const router = useRouter();
  const { state, reload } = useApiData(
    positioningLogQuery(scope, page),
    (error) => void dialogs.error(t('errorTitles.get'), t('log.loadErrorMessage'), error),
  );
  if (state.status === 'loading') return <Loading label={t('log.loading')} />;
  if (state.status === 'failed') return <LoadFailed message={t('log.loadErrorMessage')} onRetry={reload} />;
  const { items, total = items.length } = state.data;
  if (items.length === 0 && page === 1)
    return <EmptyState title={t('log.emptyTitle')} description={t('log.emptyDescription')} />;
  return (
    <section className={logStyles.logList} aria-label={t('log.listLabel')}>
      <p className={logStyles.logCount}>{t('log.count', { count: total })}</p>
      <ul className={logStyles.cardList}>
        {items.map((positioning) => (
          <li key={positioning.id}>
            <PositioningCard positioning={positioning} canOpen={canOpen} />
          </li>
        ))}
      </ul>
      <Pager
        page={page}
        pageSize={POSITIONING_LOG_PAGE_SIZE}
        total={total}
        onPage={(next) => router.push(logHref(scope, next))}
      />
    </section>
  );
}

/** One positioning of the log; admins open its results (members only see that it located them, and why). */
function PositioningCard({ positioning, canOpen }: { positioning: PositioningView; canOpen: boolean }) {
  const t = useTranslations('positionings');
  const body = (
    <span className={cardStyles.alertBody}>
      <span className={styles.cardHead}>
        <span className={styles.cardReason}>{positioning.reason}</span>
        <span className={styles.foundBadge}>{t('found', { found: positioning.found, total: positioning.total })}</span>
      </span>
      <span className={styles.cardMeta}>
        <time dateTime={positioning.createdAt}>{formatDateTime(positioning.createdAt)}</time>
        <span>{t('askedBy', { name: positioning.askedBy?.name ?? t('unknownAuthor') })}</span>
      </span>
      <TargetSummary target={positioning.target} />
    </span>
  );
  return canOpen ? (
    <Link href={`/positionings/${positioning.id}`} className={cardStyles.alertCard} data-testid="positioning-card">
      {body}
    </Link>
  ) : (
    <div className={cardStyles.alertCard} data-testid="positioning-card">
      {body}
    </div>
  );
}
