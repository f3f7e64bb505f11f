/** An admin's choice in a log (alerts, positionings) between all the company's entries and only their own. */
export type LogScope = 'all' | 'mine';

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
