'use client';

import { useLocale, useTranslations } from 'next-intl';
import styles from './pager.module.css';

export interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  /** The total was counted up to a cap and there are more (the API's totalCapped): "of 10,000+", next always open. */
  totalCapped?: boolean;
  onPage: (page: number) => void;
  className?: string;
}

/**
 * "26–50 of 120" with previous and next buttons; nothing when everything fits on one page. A capped total reads
 * "of 10,000+" and "Page 3 of 400+", and pages past the cap stay reachable.
 */
export function Pager({ page, pageSize, total, totalCapped = false, onPage, className }: PagerProps) {
  const t = useTranslations('alerts.pager');
  const locale = useLocale();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total <= pageSize && page === 1 && !totalCapped) return null;
  const number = new Intl.NumberFormat(locale);
  const shown = (value: number) => (totalCapped ? t('atLeast', { count: number.format(value) }) : number.format(value));
  // Past the cap the page itself tells the range: `to` is only known not to pass the page's end.
  const last = totalCapped ? Math.max(total, page * pageSize) : total;
  const from = Math.min(last, (page - 1) * pageSize + 1);
  const to = Math.min(last, page * pageSize);
  return (
    <nav className={className ? `${styles.pager} ${className}` : styles.pager} aria-label={t('label')}>
      <p className={styles.pagerRange} aria-live="polite">
        {t('range', { from: number.format(from), to: number.format(to), total: shown(total) })}
      </p>
      <div className={styles.pagerButtons}>
        <button type="button" className="button" onClick={() => onPage(page - 1)} disabled={page <= 1}>
          {t('previous')}
        </button>
        <span className={styles.pagerPage}>{t('page', { page, pages: shown(pages) })}</span>
        <button
          type="button"
          className="button"
          onClick={() => onPage(page + 1)}
          disabled={page >= pages && !totalCapped}
        >
          {t('next')}
        </button>
      </div>
    </nav>
  );
}
