import type { ReactNode } from 'react';
import styles from './profile.module.css';

/** One card of the profile page: a heading, a line about it, and its content. */
export function ProfileSection({
  id,
  title,
  description,
  badge,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  badge?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className={`card ${styles.section}`} aria-labelledby={`${id}-heading`} data-testid={`profile-${id}`}>
      <header className={styles.sectionHeader}>
        <div>
          <h2 id={`${id}-heading`}>
            {title}
            {badge}
          </h2>
          {description && <p className="muted">{description}</p>}
        </div>
      </header>
      {children}
    </section>
  );
}
