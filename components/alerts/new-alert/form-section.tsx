import type { ReactNode } from 'react';
import styles from './new-alert.module.css';

/** One card of the /newAlert form (and of the forms built from its fields: a scenario's): a heading, then fields. */
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
