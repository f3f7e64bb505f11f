'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { DataTable } from '@/components/ui/data-table';
import { formatDateTime } from '@/components/ui/format-date';
import type { OutboxItem } from './outbox-api';
import styles from './outbox.module.css';

/** Texts longer than this (or of more lines) are shown clamped, with a button to show them whole. */
const LONG_TEXT = 240;
const LONG_LINES = 4;

/**
 * The recorded messages: time, channel, recipient, the text (with a link to its alert), and status; with
 * `showCompany` (the operators' list of every company's e-mails), the company each was recorded for.
 */
export function OutboxTable({ items, showCompany = false }: { items: OutboxItem[]; showCompany?: boolean }) {
  const t = useTranslations('outbox');
  const columns = [
    t('columns.time'),
    t('columns.channel'),
    t('columns.recipient'),
    t('columns.text'),
    t('columns.status'),
  ];
  return (
    <DataTable
      columns={showCompany ? [...columns.slice(0, 2), t('columns.company'), ...columns.slice(2)] : columns}
      stacked
    >
      {items.map((item) => (
        <tr key={item.id} data-testid="outbox-row">
          <td data-label={t('columns.time')} className={styles.time}>
            <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
          </td>
          <td data-label={t('columns.channel')}>
            <span className={styles.channel}>{t(`channels.${item.channel}`)}</span>
          </td>
          {showCompany && <td data-label={t('columns.company')}>{item.companyName ?? t('noCompany')}</td>}
          <td data-label={t('columns.recipient')} className={styles.recipient}>
            {item.recipient}
          </td>
          <td data-label={t('columns.text')}>
            <div className={styles.text}>
              <MessageText subject={item.subject} body={item.body} />
              {item.alertId && (
                <Link className={styles.alertLink} href={`/alerts/${item.alertId}`}>
                  {t('alertLink')}
                </Link>
              )}
            </div>
          </td>
          <td data-label={t('columns.status')}>
            <span className={styles.status} data-status={item.status}>
              {t(`status.${item.status}`)}
            </span>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/** A message, clamped to a few lines when long, with a button to show it whole. */
export function MessageText({ subject, body }: { subject: string | null; body: string }) {
  const t = useTranslations('outbox');
  const [open, setOpen] = useState(false);
  const long = body.length > LONG_TEXT || body.split('\n').length > LONG_LINES;
  return (
    <>
      {subject && <p className={styles.subject}>{subject}</p>}
      <p className={styles.body} data-clamped={long && !open ? true : undefined}>
        {body}
      </p>
      {long && (
        <button
          type="button"
          className={`link-button ${styles.more}`}
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          {open ? t('showLess') : t('showMore')}
        </button>
      )}
    </>
  );
}
