'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { DataTable } from '@/components/ui/data-table';
import { useDialogs } from '@/components/ui/dialogs';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadFailed, Loading } from '@/components/ui/load-states';
import { SectionCard } from '@/components/ui/section-card';
import { useApiData } from '@/components/ui/use-api-data';
import { provisioningLogQuery, type ProvisioningLogEntry } from './directory-api';
import styles from './directory.module.css';

/** Statuses below this are a success (2xx, and 304 should it ever come). */
const FIRST_FAILURE_STATUS = 400;

/**
 * The latest requests of the directory: when (in the viewer's locale), what it did, to which user or group, and whether
 * it worked (with the HTTP status and SCIM error type), newest first; refreshed on demand.
 */
export function ProvisioningLogSection() {
  const t = useTranslations('directory.log');
  const tErrors = useTranslations('directory.errorTitles');
  const dialogs = useDialogs();
  const { state, reload } = useApiData(
    provisioningLogQuery,
    (error) => void dialogs.error(tErrors('loadLog'), t('loadErrorMessage'), error),
  );
  return (
    <SectionCard
      id="provisioning-log"
      title={t('heading')}
      intro={t('intro')}
      action={
        <button type="button" className="button" onClick={reload}>
          {t('refresh')}
        </button>
      }
    >
      {state.status === 'loading' && <Loading label={t('loading')} />}
      {state.status === 'failed' && <LoadFailed message={t('loadErrorMessage')} onRetry={reload} />}
      {state.status === 'loaded' &&
        (state.data.entries.length === 0 ? (
          <EmptyState title={t('emptyTitle')} description={t('emptyDescription')} />
        ) : (
          <LogTable entries={state.data.entries} />
        ))}
    </SectionCard>
  );
}

function LogTable({ entries }: { entries: ProvisioningLogEntry[] }) {
  const t = useTranslations('directory.log');
  const format = useFormatter();
  return (
    <DataTable
      caption={t('table.caption')}
      columns={[t('table.time'), t('table.operation'), t('table.resource'), t('table.result')]}
      stacked
    >
      {entries.map((entry) => {
        const succeeded = entry.status < FIRST_FAILURE_STATUS;
        return (
          <tr key={entry.id} data-testid="provisioning-log-entry">
            <td data-label={t('table.time')}>
              <time dateTime={entry.at}>
                {format.dateTime(new Date(entry.at), { dateStyle: 'medium', timeStyle: 'medium' })}
              </time>
            </td>
            <td data-label={t('table.operation')}>
              <div>
                {t(`operations.${entry.operation}`)}
                {entry.keyPrefix && (
                  <span className={styles.by}>{t('table.withKey', { key: `${entry.keyPrefix}…` })}</span>
                )}
              </div>
            </td>
            <td data-label={t('table.resource')}>
              <div>
                {entry.resourceType ? t(`resources.${entry.resourceType}`) : t('resources.none')}
                {entry.resourceId && <code className={styles.resourceId}>{entry.resourceId}</code>}
              </div>
            </td>
            <td data-label={t('table.result')}>
              <div>
                <span className={succeeded ? styles.success : styles.failure}>
                  {succeeded ? t('table.success') : t('table.failure')}
                </span>{' '}
                <span className={styles.status}>
                  {entry.scimType ? `${entry.status} · ${entry.scimType}` : entry.status}
                </span>
              </div>
              {entry.notes.length > 0 && (
                <ul className={styles.notes} data-testid="provisioning-log-notes">
                  {entry.notes.map((note, index) => (
                    <li key={index}>{t(`notes.${note.kind}`, { ...note })}</li>
                  ))}
                </ul>
              )}
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
