'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { MessageText } from '@/components/outbox/outbox-table';
import { DataTable } from '@/components/ui/data-table';
import { useDialogs } from '@/components/ui/dialogs';
import { formatDateTime } from '@/components/ui/format-date';
import { LoadFailed, Loading } from '@/components/ui/load-states';
import { PagedTableSection } from '@/components/ui/paged-table-section';
import { useToast } from '@/components/ui/toasts';
import { useApiData } from '@/components/ui/use-api-data';
import { AnswerSalesRequestDialog } from './answer-sales-request-dialog';
import { CompanyPlanDialog } from './company-plan-dialog';
import {
  operatorApi,
  SALES_REQUESTS_PAGE_SIZE,
  salesRequestsQuery,
  type AnsweredSalesRequest,
  type OperatorCompany,
  type OperatorSalesRequest,
  type SalesRequestStatus,
} from './operator-api';
import { SalesRequestSummary } from './sales-request-summary';
import outbox from '@/components/outbox/outbox.module.css';
import segmented from '@/components/ui/segmented.module.css';
import styles from './operator.module.css';

const STATUSES: SalesRequestStatus[] = ['open', 'answered', 'all'];

/**
 * The companies' "Contact sales" requests (issue 35), open ones first by default: who asked for what, answered here
 * once (the requester is e-mailed the answer, the company's admins see it), and the company's plan a click away.
 */
export function SalesRequestsSection() {
  const t = useTranslations('operator.salesRequests');
  const tPlans = useTranslations('dashboard.summary.plans');
  const dialogs = useDialogs();
  const toast = useToast();
  const [status, setStatus] = useState<SalesRequestStatus>('open');
  const [page, setPage] = useState(1);
  const [answering, setAnswering] = useState<OperatorSalesRequest | null>(null);
  const [planOf, setPlanOf] = useState<OperatorCompany | null>(null);
  const { state, reload, setData } = useApiData(
    salesRequestsQuery(page, status),
    (error) => void dialogs.error(t('loadErrorTitle'), t('loadErrorMessage'), error),
  );

  const choose = (next: SalesRequestStatus) => {
    setStatus(next);
    setPage(1);
  };

  // The answered request stays in its row, now with its answer, until the list is read again.
  function answered(result: AnsweredSalesRequest) {
    setAnswering(null);
    if (state.status === 'loaded') {
      setData({ ...state.data, items: state.data.items.map((item) => (item.id === result.id ? result : item)) });
    }
    toast(result.emailedTo ? t('answeredToast', { email: result.emailedTo }) : t('answeredNotEmailedToast'));
  }

  async function openPlan(request: OperatorSalesRequest) {
    try {
      setPlanOf(await operatorApi.getCompany(request.company.id));
    } catch (error) {
      await dialogs.error(t('companyErrorTitle'), t('companyErrorMessage'), error);
    }
  }

  if (state.status === 'loading') return <Loading label={t('loading')} />;
  if (state.status === 'failed') return <LoadFailed message={t('loadErrorMessage')} onRetry={reload} />;
  const { items, total } = state.data;
  return (
    <>
      <PagedTableSection
        label={t('heading')}
        toolbar={
          <div className={styles.sectionHeading}>
            <h2>{t('heading')}</h2>
            <p className="muted">{t('intro')}</p>
            <div className={`${segmented.segmented} ${outbox.filter}`} role="group" aria-label={t('filterLabel')}>
              {STATUSES.map((option) => (
                <button
                  key={option}
                  type="button"
                  className={`${segmented.segment} ${outbox.segmentButton}`}
                  aria-pressed={option === status}
                  data-checked={option === status || undefined}
                  onClick={() => choose(option)}
                >
                  {t(`statuses.${option}`)}
                </button>
              ))}
            </div>
          </div>
        }
        count={t('count', { count: total })}
        empty={items.length === 0 && t(`none.${status}`)}
        pager={{ page, pageSize: SALES_REQUESTS_PAGE_SIZE, total, onPage: setPage }}
      >
        <DataTable
          stacked
          caption={t('heading')}
          columns={[t('received'), t('company'), t('requester'), t('request'), t('answer')]}
        >
          {items.map((request) => (
            <tr key={request.id} data-testid="operator-sales-request">
              <td data-label={t('received')} className={outbox.time}>
                <time dateTime={request.at}>{formatDateTime(request.at)}</time>
              </td>
              <td data-label={t('company')}>
                <div className={styles.stack}>
                  <span className={styles.strong}>{request.company.name}</span>
                  <span className="muted small">{tPlans(request.company.plan)}</span>
                  <button type="button" className="link-button" onClick={() => void openPlan(request)}>
                    {t('changePlan')}
                    <span className="sr-only"> {request.company.name}</span>
                  </button>
                </div>
              </td>
              <td data-label={t('requester')}>
                <Requester request={request} />
              </td>
              <td data-label={t('request')}>
                <div className={styles.request}>
                  <SalesRequestSummary request={request} />
                </div>
              </td>
              <td data-label={t('answer')}>
                {request.answeredAt ? (
                  <div className={styles.request} data-testid="sales-answer">
                    <MessageText subject={null} body={request.answer ?? ''} />
                    <span className="muted small">
                      {request.answeredBy
                        ? t('answeredBy', { at: formatDateTime(request.answeredAt), name: request.answeredBy.name })
                        : t('answeredAt', { at: formatDateTime(request.answeredAt) })}
                    </span>
                  </div>
                ) : (
                  <button type="button" className="button primary" onClick={() => setAnswering(request)}>
                    {t('answerButton')}
                    <span className="sr-only"> {request.company.name}</span>
                  </button>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      </PagedTableSection>
      {answering && (
        <AnswerSalesRequestDialog
          request={answering}
          onClose={() => setAnswering(null)}
          onAnswered={answered}
          onAnsweredElsewhere={() => {
            setAnswering(null);
            reload();
          }}
        />
      )}
      {planOf && (
        <CompanyPlanDialog
          company={planOf}
          onClose={() => setPlanOf(null)}
          onSaved={(saved) => {
            setPlanOf(null);
            toast(t('planSaved', { name: saved.name }));
            reload();
          }}
        />
      )}
    </>
  );
}

function Requester({ request }: { request: OperatorSalesRequest }) {
  const t = useTranslations('operator.salesRequests');
  if (!request.requester) return <span className="muted">{t('accountDeleted')}</span>;
  return (
    <div className={styles.stack}>
      <span>{request.requester.name}</span>
      <a className={`small ${styles.email}`} href={`mailto:${request.requester.email}`}>
        {request.requester.email}
      </a>
      {!request.requester.inCompany && <span className="muted small">{t('leftCompany')}</span>}
    </div>
  );
}
