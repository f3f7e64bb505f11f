import styles from './alert-card.module.css';

const PATHS: Record<string, string> = {
  // a warning triangle
  urgentAlert: 'M12 3 2 21h20L12 3Zm0 6v5m0 3v.01',
  // a bell
  alarm: 'M6 16V11a6 6 0 0 1 12 0v5l2 2H4l2-2Zm4 4a2 2 0 0 0 4 0',
  // a life ring
  sos: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm0 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8ZM5.6 5.6l3.6 3.6m5.6 5.6 3.6 3.6m0-12.8-3.6 3.6m-5.6 5.6-3.6 3.6',
  // a stopwatch
  missionAlarm: 'M12 8v5l3 2M9 2h6M12 5a8 8 0 1 0 0 16 8 8 0 0 0 0-16Z',
};

/** Spec §2 Alert card: the emblem by alert type, with the type's name for screen readers. */
export function AlertEmblem({ type, label }: { type: string; label: string }) {
  return (
    <span className={`${styles.emblem} ${styles[`emblem-${type}`] ?? ''}`} role="img" aria-label={label} title={label}>
      <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <path d={PATHS[type] ?? PATHS.urgentAlert} />
      </svg>
    </span>
  );
}

/** Small line icons of the alert card. */
export function PinIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21Z" />
      <circle cx="12" cy="9.5" r="2.5" />
    </svg>
  );
}

export function AreaIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M4 7 9 4l6 3 5-3v13l-5 3-6-3-5 3V7Z" />
      <path d="M9 4v13m6-10v13" />
    </svg>
  );
}
