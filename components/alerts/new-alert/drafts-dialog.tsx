'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { myDraftsQuery, type AlertListItem } from '@/components/alerts/alert-api';
import { formatDateTime } from '@/components/ui/format-date';
import { Modal, useDialogs } from '@/components/ui/dialogs';
import { TrashIcon } from '@/components/ui/icons';
import { useApiData } from '@/components/ui/use-api-data';
import { Loading } from '@/components/ui/load-states';
import styles from './new-alert.module.css';

/** The user's saved drafts (newest first): open one, or delete it (which `onDelete` confirms and does). */
export function DraftsDialog({
  onOpen,
  onDelete,
  onClose,
}: {
  onOpen: (draft: AlertListItem) => void;
  onDelete: (draft: AlertListItem) => Promise<boolean>;
  onClose: () => void;
}) {
  const t = useTranslations('newAlert.drafts');
  const severities = useTranslations('alerts.severity');
  const errorTitles = useTranslations('alerts.errorTitles');
  const dialogs = useDialogs();
  const { state, reload, setData } = useApiData(
    myDraftsQuery,
    (error) => void dialogs.error(errorTitles('get'), t('loadErrorMessage'), error),
  );
  const [deletingId, setDeletingId] = useState<string | null>(null);

  async function remove(draft: AlertListItem) {
    setDeletingId(draft.id);
    try {
      if (state.status === 'loaded' && (await onDelete(draft)))
        setData({ ...state.data, items: state.data.items.filter((other) => other.id !== draft.id) });
    } finally {
      setDeletingId(null);
    }
  }

  return (
    <Modal className={styles.draftsDialog} labelledBy="drafts-title" describedBy="drafts-intro" onDismiss={onClose}>
      <div className={`dialog-content ${styles.draftsHead}`}>
        <h2 id="drafts-title">{t('title')}</h2>
        <p id="drafts-intro" className="muted">
          {t('intro')}
        </p>
      </div>
      <div className={styles.draftsList}>
        {state.status === 'loading' && <Loading label={t('loading')} />}
        {state.status === 'failed' && (
          <p className="muted">
            {t('loadErrorMessage')}{' '}
            <button type="button" className="button" onClick={reload}>
              {t('retry')}
            </button>
          </p>
        )}
        {state.status === 'loaded' && state.data.items.length === 0 && <p className="muted">{t('empty')}</p>}
        {state.status === 'loaded' && state.data.items.length > 0 && (
          <ul className={styles.drafts} aria-label={t('listLabel')}>
            {state.data.items.map((draft) => (
              <li key={draft.id} className={styles.draft}>
                <div className={styles.draftMain}>
                  <span className={styles.draftTitle}>{draft.title.trim() || t('untitled')}</span>
                  <span className={styles.draftMeta}>
                    {severities.has(draft.severity) ? severities(draft.severity) : draft.severity} ·{' '}
                    {t('savedAt', { date: formatDateTime(draft.date) })}
                  </span>
                </div>
                <button
                  type="button"
                  className="button"
                  onClick={() => onOpen(draft)}
                  aria-label={t('openNamed', { title: draft.title.trim() || t('untitled') })}
                >
                  {t('open')}
                </button>
                <button
                  type="button"
                  className="icon-button"
                  onClick={() => void remove(draft)}
                  disabled={deletingId === draft.id}
                  aria-label={t('deleteNamed', { title: draft.title.trim() || t('untitled') })}
                >
                  <TrashIcon />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onClose}>
          {t('close')}
        </button>
      </div>
    </Modal>
  );
}
