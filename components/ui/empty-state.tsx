import type { ReactNode } from 'react';
import { InboxIcon } from './icons';

/**
 * A calm "nothing here yet" block: an icon, a short title, what will appear here and optionally the action that
 * adds the first one. Server and client.
 */
export function EmptyState({
  title,
  description,
  action,
}: {
  title: ReactNode;
  description: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="empty-state">
      <InboxIcon size={40} strokeWidth={1.5} />
      <p className="empty-state-title">{title}</p>
      <p className="empty-state-description">{description}</p>
      {action && <div className="empty-state-action">{action}</div>}
    </div>
  );
}
