import type { ReactNode } from 'react';
import styles from './section-card.module.css';

/** A card with a heading (by `id`), an optional line about it, an optional action beside them, then its content. */
export function SectionCard({
  id,
  title,
  intro,
  action,
  children,
  className,
}: {
  id: string;
  title: ReactNode;
  intro?: ReactNode;
  /** A button beside the heading ("Add members"); kept on one line. */
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={`card ${styles.section}${className ? ` ${className}` : ''}`} aria-labelledby={`${id}-heading`}>
      <div className={styles.header}>
        <div>
          <h2 id={`${id}-heading`}>{title}</h2>
          {intro && <p className="muted">{intro}</p>}
        </div>
        {action && <div className={styles.action}>{action}</div>}
      </div>
      {children}
    </section>
  );
}
