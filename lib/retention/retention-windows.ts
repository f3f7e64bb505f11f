import { DAY_MS } from '@/lib/clock';

// Business constants of spec §9.
export const ACTIVE_ALERT_AUTO_CLOSE_DAYS = 7;
export const CLOSED_ALERT_DELETE_DAYS = 30;
export const DELETED_COMPANY_RETENTION_DAYS = 30;
export const REMOVED_MEMBER_RESTORE_DAYS = 90;
/** Ended sessions are kept a day for the "session expired" (440) answer, then removed. */
export const ENDED_SESSION_KEEP_DAYS = 1;

export function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}
