import type { ReactNode } from 'react';
import { InboxIcon } from './icons';

/** A calm "nothing here yet" block: an icon, a short title and what will appear here. Server and client. */
export function EmptyState({ title, description, children }: { title: ReactNode; description: ReactNode; children?: ReactNode }) {
  return (
    <div className="empty-state">
      <InboxIcon size={40} strokeWidth={1.5} />
      <p className="empty-state-title">{title}</p>
      <p className="empty-state-description">{description}</p>
      {children}
    </div>
  );
}
