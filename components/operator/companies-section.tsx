'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { ColourChip } from '@/components/ui/colour-chip';
import { DataTable } from '@/components/ui/data-table';
import { useDialogs } from '@/components/ui/dialogs';
import { formatDateTime } from '@/components/ui/format-date';
import { TextField } from '@/components/ui/form';
import { LoadFailed, Loading } from '@/components/ui/load-states';
import { PagedTableSection } from '@/components/ui/paged-table-section';
import { useToast } from '@/components/ui/toasts';
import { useApiData } from '@/components/ui/use-api-data';
import { CompanyPlanDialog } from './company-plan-dialog';
import { companiesQuery, COMPANIES_PAGE_SIZE, operatorApi, type OperatorCompany } from './operator-api';
import { SuspendCompanyDialog } from './suspend-company-dialog';
import styles from './operator.module.css';

type Editing = { kind: 'plan' | 'suspend'; company: OperatorCompany } | null;

/** Every company of the install, searchable by name, a page of 50 at a time; each one's plan changed or suspended. */
export function CompaniesSection() {
  const t = useTranslations('operator.companies');
  const tOperator = useTranslations('operator');
  const tPlans = useTranslations('dashboard.summary.plans');
  const dialogs = useDialogs();
  const toast = useToast();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing>(null);
  const { state, reload } = useApiData(
    companiesQuery(page, search),
    (error) => void dialogs.error(t('loadErrorTitle'), t('loadErrorMessage'), error),
  );

  async function restore(company: OperatorCompany) {
    const confirmed = await dialogs.text({
      type: 'warning',
      title: t('restoreTitle', { name: company.name }),
      message: t('restoreMessage'),
      confirmLabel: t('restore'),
      cancelLabel: tOperator('cancel'),
    });
    if (!confirmed) return;
    try {
      await operatorApi.restore(company.id);
      toast(t('restored', { name: company.name }));
      reload();
    } catch (error) {
      await dialogs.error(t('restoreErrorTitle'), t('restoreErrorMessage'), error);
    }
  }

  const changed = (message: string) => {
    setEditing(null);
    toast(message);
    reload();
  };

  if (state.status === 'loading') return <Loading label={t('loading')} />;
  if (state.status === 'failed') return <LoadFailed message={t('loadErrorMessage')} onRetry={reload} />;
  const { items, total } = state.data;
  return (
    <>
      <PagedTableSection
        label={t('heading')}
        toolbar={
          <TextField
            label={t('search')}
            name="company-search"
            type="search"
            value={search}
            onChange={(value) => {
              setSearch(value);
              setPage(1);
            }}
            className={styles.search}
          />
        }
        count={t('count', { count: total })}
        empty={items.length === 0 && t(search ? 'noMatches' : 'none')}
        pager={{ page, pageSize: COMPANIES_PAGE_SIZE, total, onPage: setPage }}
      >
        <DataTable
          stacked
          caption={t('heading')}
          columns={[t('name'), t('plan'), t('seats'), t('features'), t('lastActivity'), t('state'), t('actions')]}
        >
          {items.map((company) => (
            <tr key={company.id} data-testid="operator-company">
              <td data-label={t('name')}>{company.name}</td>
              <td data-label={t('plan')}>{tPlans(company.plan)}</td>
              <td data-label={t('seats')}>
                {t('seatsOf', { used: company.seatsUsed, max: company.maxUsers })}
                {company.seatsUsed > company.maxUsers && <span className={styles.over}> {t('overSeats')}</span>}
              </td>
              <td data-label={t('features')}>
                {company.features.length
                  ? company.features.map((feature) => tOperator(`featureNames.${feature}`)).join(', ')
                  : t('noFeatures')}
              </td>
              <td data-label={t('lastActivity')}>
                {company.lastActivityAt ? formatDateTime(company.lastActivityAt) : t('never')}
              </td>
              <td data-label={t('state')}>
                {company.suspendedAt ? (
                  <span title={company.suspendedReason ?? undefined}>
                    <ColourChip label={t('suspended')} colour="var(--danger)" data={{ 'data-state': 'suspended' }} />
                  </span>
                ) : (
                  <ColourChip label={t('active')} colour="var(--success)" data={{ 'data-state': 'active' }} />
                )}
              </td>
              <td data-label={t('actions')} className={styles.rowActions}>
                <button type="button" className="button" onClick={() => setEditing({ kind: 'plan', company })}>
                  {t('changePlan')}
                  <span className="sr-only"> {company.name}</span>
                </button>
                {company.suspendedAt ? (
                  <button type="button" className="button" onClick={() => void restore(company)}>
                    {t('restore')}
                    <span className="sr-only"> {company.name}</span>
                  </button>
                ) : (
                  <button
                    type="button"
                    className="button danger"
                    onClick={() => setEditing({ kind: 'suspend', company })}
                  >
                    {t('suspend')}
                    <span className="sr-only"> {company.name}</span>
                  </button>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      </PagedTableSection>
      {editing?.kind === 'plan' && (
        <CompanyPlanDialog
          company={editing.company}
          onClose={() => setEditing(null)}
          onSaved={(saved) => changed(t('planSaved', { name: saved.name }))}
        />
      )}
      {editing?.kind === 'suspend' && (
        <SuspendCompanyDialog
          company={editing.company}
          onClose={() => setEditing(null)}
          onSuspended={(saved) => changed(t('suspendedToast', { name: saved.name }))}
        />
      )}
    </>
  );
}
