import { isoDay } from '@/components/ui/format-date';

/** The export covers at most this many days (contract: ≤ 366). */
export const MAX_EXPORT_DAYS = 366;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The dialog's first suggestion: the last 30 days up to today. */
export function defaultExportRange(today: Date): { from: string; to: string } {
  const from = new Date(today);
  from.setDate(from.getDate() - 29);
  return { from: isoDay(from), to: isoDay(today) };
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
