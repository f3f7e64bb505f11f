'use client';

import { useLocale, useTranslations } from 'next-intl';
import styles from './pager.module.css';

export interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  className?: string;
}

/** "26–50 of 120" with previous and next buttons; nothing when everything fits on one page. */
export function Pager({ page, pageSize, total, onPage, className }: PagerProps) {
  const t = useTranslations('alerts.pager');
  const locale = useLocale();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total <= pageSize && page === 1) return null;
  const number = new Intl.NumberFormat(locale);
  const from = Math.min(total, (page - 1) * pageSize + 1);
  const to = Math.min(total, page * pageSize);
  return (
    <nav className={className ? `${styles.pager} ${className}` : styles.pager} aria-label={t('label')}>
      <p className={styles.pagerRange} aria-live="polite">
        {t('range', { from: number.format(from), to: number.format(to), total: number.format(total) })}
      </p>
      <div className={styles.pagerButtons}>
        <button type="button" className="button" onClick={() => onPage(page - 1)} disabled={page <= 1}>
          {t('previous')}
        </button>
        <span className={styles.pagerPage}>{t('page', { page, pages })}</span>
        <button type="button" className="button" onClick={() => onPage(page + 1)} disabled={page >= pages}>
          {t('next')}
        </button>
      </div>
    </nav>
  );
}
