'use client';

import type { CSSProperties, ReactNode } from 'react';
import styles from './alerts.module.css';

/** A chip that filters a list: pressed while its filter is on (delivery statuses, answers). */
export function FilterChip({
  pressed,
  onClick,
  children,
}: {
  pressed: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button type="button" className={styles.chipButton} aria-pressed={pressed} onClick={onClick}>
      {children}
    </button>
  );
}

/** Shares of a whole as one bar in their colours, read out as `label` (one picture for screen readers). */
export function StatsBar({ parts, label }: { parts: { key: string; count: number; colour: string }[]; label: string }) {
  return (
    <div className={styles.statsBar} role="img" aria-label={label}>
      {parts.map((part) => (
        <span key={part.key} style={{ flexGrow: part.count, background: part.colour } as CSSProperties} />
      ))}
    </div>
  );
}
