import type { ReactNode } from 'react';
import styles from './dashboard.module.css';

/** One card of the dashboard (`name`: its heading's id dash-<name> and test id <name>-card), a badge beside the heading. */
export function DashboardCard({
  name,
  title,
  badge,
  className,
  children,
}: {
  name: string;
  title: ReactNode;
  badge?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      className={['card', styles.card, className].filter(Boolean).join(' ')}
      aria-labelledby={`dash-${name}`}
      data-testid={`${name}-card`}
    >
      <header className={styles.cardHeader}>
        <h2 id={`dash-${name}`}>{title}</h2>
        {badge}
      </header>
      {children}
    </section>
  );
}
