'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { CopyButton } from '@/components/ui/copy-button';
import { DataTable } from '@/components/ui/data-table';
import { useDialogs } from '@/components/ui/dialogs';
import { EmptyState } from '@/components/ui/empty-state';
import { SubmitButton, TextField } from '@/components/ui/form';
import { LoadFailed, Loading } from '@/components/ui/load-states';
import { SectionCard } from '@/components/ui/section-card';
import { useToast } from '@/components/ui/toasts';
import { useApiData } from '@/components/ui/use-api-data';
import { ApiCallError } from '@/lib/http/client';
import { directoryApi, directoryKeysQuery, type DirectoryKey, type NewDirectoryKey } from './directory-api';
import styles from './directory.module.css';

/** The longest key name the API takes. */
const KEY_NAME_MAX_LENGTH = 100;

/**
 * The keys Entra ID's requests carry as their bearer token ("Secret Token" in Entra): generate one (optionally named),
 * shown in full this once with a copy button; then listed by prefix, name, creation and last use; deleting one stops
 * it at once.
 */
export function DirectoryKeysSection() {
  const t = useTranslations('directory.keys');
  const tErrors = useTranslations('directory.errorTitles');
  const dialogs = useDialogs();
  const toast = useToast();
  const { state, reload, setData } = useApiData(
    directoryKeysQuery,
    (error) => void dialogs.error(tErrors('loadKeys'), t('loadErrorMessage'), error),
  );
  const [freshKey, setFreshKey] = useState<NewDirectoryKey | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const keys = state.status === 'loaded' ? state.data : null;

  async function remove(key: DirectoryKey) {
    const confirmed = await dialogs.text({
      type: 'warning',
      title: t('delete.title', { key: keyLabel(key) }),
      message: t('delete.message'),
      confirmLabel: t('delete.confirm'),
      cancelLabel: t('cancel'),
    });
    if (!confirmed) return;
    setDeletingId(key.id);
    try {
      await directoryApi.deleteKey(key.id);
      if (freshKey?.id === key.id) setFreshKey(null);
      toast(t('delete.done', { key: keyLabel(key) }));
      reload();
    } catch (error) {
      await dialogs.error(tErrors('deleteKey'), t('delete.errorMessage'), error);
      reload();
    } finally {
      setDeletingId(null);
    }
  }

  return (
    <SectionCard id="directory-keys" title={t('heading')} intro={t('intro')}>
      <NewKeyForm
        onCreated={(created) => {
          setFreshKey(created);
          if (keys) setData([withoutSecret(created), ...keys]);
        }}
      />
      {freshKey && <FreshKey created={freshKey} onDone={() => setFreshKey(null)} />}
      {state.status === 'loading' && <Loading label={t('loading')} />}
      {state.status === 'failed' && <LoadFailed message={t('loadErrorMessage')} onRetry={reload} />}
      {keys?.length === 0 && <EmptyState title={t('emptyTitle')} description={t('emptyDescription')} />}
      {keys && keys.length > 0 && <KeyTable keys={keys} deletingId={deletingId} onDelete={(key) => void remove(key)} />}
    </SectionCard>
  );
}

/** "Entra production (AbCd1234…)", or the prefix alone for a key without a name. */
function keyLabel(key: DirectoryKey): string {
  return key.name ? `${key.name} (${key.keyPrefix}…)` : `${key.keyPrefix}…`;
}

function withoutSecret({ key: _key, ...listed }: NewDirectoryKey): DirectoryKey {
  return listed;
}

function NewKeyForm({ onCreated }: { onCreated: (created: NewDirectoryKey) => void }) {
  const t = useTranslations('directory.keys');
  const tErrors = useTranslations('directory.errorTitles');
  const dialogs = useDialogs();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      onCreated(await directoryApi.createKey(name.trim()));
      setName('');
    } catch (error) {
      const tooMany = error instanceof ApiCallError && error.code === 'tooManyKeys';
      await dialogs.error(tErrors('generateKey'), tooMany ? t('tooMany') : t('generateErrorMessage'), error, {
        explained: tooMany,
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className={styles.inline} noValidate>
      <TextField
        label={t('nameLabel')}
        name="keyName"
        value={name}
        onChange={setName}
        maxLength={KEY_NAME_MAX_LENGTH}
        hint={t('nameHint')}
        className={styles.grow}
      />
      <SubmitButton busy={busy}>{t('generate')}</SubmitButton>
    </form>
  );
}

/** The key just generated, in full, with its copy button: the only time it is shown. */
function FreshKey({ created, onDone }: { created: NewDirectoryKey; onDone: () => void }) {
  const t = useTranslations('directory.keys.fresh');
  const copyTexts = { copy: t('copy'), copied: t('copied'), failed: t('copyFailed') };
  return (
    <div className={styles.freshKey} role="region" aria-labelledby="fresh-key-heading" data-testid="fresh-key">
      <h3 id="fresh-key-heading" className={styles.subheading}>
        {created.name ? t('headingNamed', { name: created.name }) : t('heading')}
      </h3>
      <div className={styles.secretRow}>
        <code className="copy-value" data-testid="fresh-key-value">
          {created.key}
        </code>
        <CopyButton value={created.key} label={t('copyLabel')} texts={copyTexts} />
      </div>
      <p className={styles.onceWarning} role="note">
        {t('once')}
      </p>
      <div>
        <button type="button" className="button" onClick={onDone}>
          {t('done')}
        </button>
      </div>
    </div>
  );
}

function KeyTable({
  keys,
  deletingId,
  onDelete,
}: {
  keys: DirectoryKey[];
  deletingId: string | null;
  onDelete: (key: DirectoryKey) => void;
}) {
  const t = useTranslations('directory.keys');
  const format = useFormatter();
  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <DataTable
      caption={t('table.caption')}
      columns={[
        t('table.key'),
        t('table.created'),
        t('table.lastUsed'),
        <span key="actions" className="sr-only">
          {t('table.actions')}
        </span>,
      ]}
      stacked
    >
      {keys.map((key) => (
        <tr key={key.id} data-testid="directory-key">
          <td data-label={t('table.key')}>
            <div>
              <code className={styles.prefix}>{key.keyPrefix}…</code>
              {key.name && <span className={styles.keyName}>{key.name}</span>}
            </div>
          </td>
          <td data-label={t('table.created')}>
            <div>
              <time dateTime={key.createdAt}>{when(key.createdAt)}</time>
              <span className={styles.by}>{t('table.by', { name: key.createdBy?.name ?? t('table.someone') })}</span>
            </div>
          </td>
          <td data-label={t('table.lastUsed')}>
            {key.lastUsedAt ? <time dateTime={key.lastUsedAt}>{when(key.lastUsedAt)}</time> : t('table.neverUsed')}
          </td>
          <td className={styles.actionsCell}>
            <button
              type="button"
              className={`button ghost ${styles.deleteButton}`}
              onClick={() => onDelete(key)}
              disabled={deletingId !== null}
              aria-busy={deletingId === key.id || undefined}
              aria-label={t('delete.label', { key: keyLabel(key) })}
            >
              {t('delete.button')}
            </button>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
