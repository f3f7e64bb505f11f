import type { ReactNode } from 'react';
import styles from './alert-form.module.css';

/** One card of the alert form (and of the forms built from its parts): a heading, then fields. */
export function FormSection({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section className={`card ${styles.section}`} aria-labelledby={id}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

// Not a <form>: the map's place search and the people picker are forms of their own, and forms must not nest.

/** The form's sections one under the other (a scenario's editor). */
export function FormSections({ label, busy, children }: { label: string; busy?: boolean; children: ReactNode }) {
  return (
    <div className={styles.sections} role="form" aria-label={label} aria-busy={busy || undefined}>
      {children}
    </div>
  );
}

/**
 * The form's sections and beside them (below them on narrow screens) a summary card: what it will reach, then the
 * actions (New alert, New positioning).
 */
export function FormWithSummary({
  label,
  busy,
  summary,
  actions,
  children,
}: {
  label: string;
  busy?: boolean;
  summary: ReactNode;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={styles.layout} role="form" aria-label={label} aria-busy={busy || undefined}>
      <div className={styles.sections}>{children}</div>
      <aside className={styles.aside}>
        <div className={`card ${styles.summary}`}>
          {summary}
          <div className={styles.actions}>{actions}</div>
        </div>
      </aside>
    </div>
  );
}
