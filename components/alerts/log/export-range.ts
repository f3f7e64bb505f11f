import { homeDay } from '@/lib/home-time-zone';

/** The export covers at most this many days (contract: ≤ 366). */
export const MAX_EXPORT_DAYS = 366;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The dialog's first suggestion: the last 30 days up to today, as days of the home time zone, which is how the server
 * reads them (a browser elsewhere would otherwise leave out what was sent since midnight in Norway).
 */
export function defaultExportRange(now: Date): { from: string; to: string } {
  const to = homeDay(now);
  const from = new Date(Date.parse(`${to}T12:00:00Z`) - 29 * DAY_MS);
  return { from: from.toISOString().slice(0, 10), to };
}

/** What is wrong with a range, or null: both days needed, the end not before the start, at most 366 days. */
export function exportRangeProblem(from: string, to: string): 'missing' | 'order' | 'tooLong' | null {
  const pattern = /^\d{4}-\d{2}-\d{2}$/;
  if (!pattern.test(from) || !pattern.test(to)) return 'missing';
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;
  if (Number.isNaN(days)) return 'missing';
  if (days < 1) return 'order';
  return days > MAX_EXPORT_DAYS ? 'tooLong' : null;
}
