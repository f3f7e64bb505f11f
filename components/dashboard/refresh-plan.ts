import { isDashPart, type DashPart, type LiveEventKind } from '@/lib/realtime/events';

/** What an open dashboard listens to: the company's events, and the new alerts it may show (dashboardAlert). */
export const DASHBOARD_EVENTS: LiveEventKind[] = [
  'newAlert',
  'newMission',
  'missionFinished',
  'scenariosChanged',
  'dashboardAlert',
];

/** Spec §3: the dashboard refreshes 2 seconds after a live event... */
export const REFRESH_DELAY_MS = 2_000;
/** ...each open dashboard up to this much later again, at random, so a company's dashboards do not all ask at once. */
export const REFRESH_SPREAD_MS = 1_000;

/** How long after a live event this dashboard reloads: REFRESH_DELAY_MS plus its share of REFRESH_SPREAD_MS. */
export function refreshDelay(random: () => number = Math.random): number {
  return REFRESH_DELAY_MS + Math.floor(random() * REFRESH_SPREAD_MS);
}

/**
 * What a company event's payload says changed: the parts to reload ('all' when it does not say). Nothing for a new
 * alert: the dashboards that may show it get it along (dashboardAlert), the others do not change. Missions and
 * scenarios are shown to admins only, so others reload nothing on their events.
 */
export function partsToReload(payload: Record<string, unknown>, admin: boolean): DashPart[] | 'all' {
  const changed = payload.changed;
  if (!isDashPart(changed)) return 'all';
  if (changed === 'alerts' || !admin) return [];
  return [changed];
}
