import type { ReactNode } from 'react';

/** A calm "nothing here yet" block: an icon, a short title and what will appear here. Server and client. */
export function EmptyState({ title, description, children }: { title: ReactNode; description: ReactNode; children?: ReactNode }) {
  return (
    <div className="empty-state">
      <svg width="40" height="40" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <path d="M3 13h5l1.5 2.5h5L16 13h5M5.5 5h13L21 13v6a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1v-6Z" />
      </svg>
      <p className="empty-state-title">{title}</p>
      <p className="empty-state-description">{description}</p>
      {children}
    </div>
  );
}
