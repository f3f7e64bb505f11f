/** The alert log's tabs (spec §2: /alerts, /alerts/active, /alerts/closed). */
export type LogTab = 'all' | 'active' | 'closed';
/** An admin's choice between all the company's alerts and only those sent by or to them. */
export type LogScope = 'all' | 'mine';

/** Spec §9: 25 alerts per page. */
export const LOG_PAGE_SIZE = 25;

export const TAB_PATHS: Record<LogTab, string> = { all: '/alerts', active: '/alerts/active', closed: '/alerts/closed' };

/** The alert statuses each tab lists. */
export const TAB_STATUSES: Record<LogTab, string[]> = {
  all: ['active', 'completed'],
  active: ['active'],
  closed: ['completed'],
};

/** The log's state from the page's query (?scope=mine&page=2); anything unexpected falls back to the defaults. */
export function parseLogQuery(query: { scope?: string | string[]; page?: string | string[] }): {
  scope: LogScope;
  page: number;
} {
  const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
  const page = Number(first(query.page));
  return { scope: first(query.scope) === 'mine' ? 'mine' : 'all', page: Number.isInteger(page) && page > 0 ? page : 1 };
}

/** A link to a log page (the alert log's tabs, the positioning log) with this scope and page (defaults left out). */
export function scopedLogHref(path: string, scope: LogScope, page = 1): string {
  const query = new URLSearchParams();
  if (scope === 'mine') query.set('scope', 'mine');
  if (page > 1) query.set('page', String(page));
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** A link to the alert log with this tab, scope and page. */
export const logHref = (tab: LogTab, scope: LogScope, page = 1): string => scopedLogHref(TAB_PATHS[tab], scope, page);
