import type { CSSProperties, ReactNode } from 'react';
import styles from './colour-chip.module.css';

/**
 * A status or state as a chip: a dot in its colour (none without one), its name, optionally a count (delivery
 * statuses, positioning states). `data` marks which one it is, for the screen's own styles and for tests.
 */
export function ColourChip({
  label,
  colour,
  count,
  className,
  data,
}: {
  label: ReactNode;
  colour?: string;
  count?: ReactNode;
  className?: string;
  data?: { 'data-status'?: string; 'data-state'?: string };
}) {
  return (
    <span
      className={className ? `${styles.chip} ${className}` : styles.chip}
      style={colour ? ({ '--chip': colour } as CSSProperties) : undefined}
      {...data}
    >
      {colour && <span className={styles.chipDot} aria-hidden="true" />}
      {label}
      {/* The space keeps the count a separate word for screen readers ("Failed 2"); flex layout does not show it. */}
      {count !== undefined && (
        <>
          {' '}
          <span className={styles.chipCount}>{count}</span>
        </>
      )}
    </span>
  );
}

/** A wrapping list of chips (or of other pills), an item each. */
export function ChipList({ label, testId, children }: { label: string; testId?: string; children: ReactNode }) {
  return (
    <ul className={styles.chips} aria-label={label} data-testid={testId}>
      {children}
    </ul>
  );
}
