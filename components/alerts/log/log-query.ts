import { scopedLogHref, type LogScope } from '@/components/ui/log-scope';

/** The alert log's tabs (spec §2: /alerts, /alerts/active, /alerts/closed). */
export type LogTab = 'all' | 'active' | 'closed';

/** Spec §9: 25 alerts per page. */
export const LOG_PAGE_SIZE = 25;

export const TAB_PATHS: Record<LogTab, string> = { all: '/alerts', active: '/alerts/active', closed: '/alerts/closed' };

/** The alert statuses each tab lists. */
export const TAB_STATUSES: Record<LogTab, string[]> = {
  all: ['active', 'completed'],
  active: ['active'],
  closed: ['completed'],
};

/** A link to the alert log with this tab, scope and page. */
export const logHref = (tab: LogTab, scope: LogScope, page = 1): string => scopedLogHref(TAB_PATHS[tab], scope, page);
