'use client';

import type { ReactNode } from 'react';
import { Pager, type PagerProps } from './pager';
import styles from './paged-table-section.module.css';

export interface PagedTableSectionProps {
  /** The section's accessible name. */
  label: string;
  /** The search and filters above the table. */
  toolbar: ReactNode;
  /** "12 shown", announced as it changes. */
  count?: ReactNode;
  /** Instead of the table when there are no rows: a sentence (shown muted) or a whole empty state. */
  empty?: ReactNode;
  pager?: PagerProps;
  /** Another class of the section, e.g. one that sets --toolbar-align or --toolbar-padding. */
  className?: string;
  /** The table (a DataTable). */
  children: ReactNode;
}

/** A card holding a table: the bar with its search, filters and count, the table (or why there is none), the pager. */
export function PagedTableSection({
  label,
  toolbar,
  count,
  empty,
  pager,
  className,
  children,
}: PagedTableSectionProps) {
  return (
    <section className={`card ${styles.section}${className ? ` ${className}` : ''}`} aria-label={label}>
      <div className={styles.toolbar}>
        {toolbar}
        {count !== undefined && (
          <p className={styles.count} aria-live="polite">
            {count}
          </p>
        )}
      </div>
      {empty ? typeof empty === 'string' ? <p className={styles.empty}>{empty}</p> : empty : children}
      {pager && <Pager {...pager} className={styles.pager} />}
    </section>
  );
}
