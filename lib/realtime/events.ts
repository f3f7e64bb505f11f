/**
 * Live company events (spec §7): the event name carries the company id. newAlert, newMission and missionFinished also
 * say which part of the dashboard they change (`changed`, DASHBOARD_PART_CHANGED), so an open dashboard reloads only
 * that part. alertChanged (payload `{ alertId }`) follows a
 * comment, close, delete, update or receipt change of an alert; positioningChanged (payload `{ positioningId }`) follows
 * a new positioning, a device's answer and the close of the unanswered ones; scenariosChanged follows a scenario made,
 * changed, deleted or reordered (the dashboard's scenarios card).
 */
export type CompanyEventKind =
  'newAlert' | 'newMission' | 'missionFinished' | 'alertChanged' | 'positioningChanged' | 'scenariosChanged';

/**
 * Events a connection gets beside the company's: dashboardAlert (payload LiveDashAlert, lib/dashboard/
 * find-live-dash-alert.ts) follows newAlert to the connections of those who may see the alert, so that their
 * dashboards take it on without reloading.
 */
export type LiveEventKind = CompanyEventKind | 'dashboardAlert';

/** The signal the web nodes get (Socket.IO server-side emit) to send dashboardAlert to their own connections. */
export const DASHBOARD_ALERT_SIGNAL = 'dashboardAlertSignal';

export interface DashboardAlertSignal {
  companyId: string;
  alertId: string;
}

export const REALTIME_PATH = '/eventHub';

export function companyRoom(companyId: string): string {
  return `company:${companyId}`;
}

export function companyEventName(kind: LiveEventKind, companyId: string): string {
  return `${kind}CustomerId:${companyId}`;
}

/** A part of the dashboard (spec §3) that a company event changes and that can be reloaded on its own. */
export type DashPart = 'alerts' | 'missions' | 'scenarios';

export const DASHBOARD_PART_CHANGED: Partial<Record<CompanyEventKind, DashPart>> = {
  newAlert: 'alerts',
  newMission: 'missions',
  missionFinished: 'missions',
  scenariosChanged: 'scenarios',
};

export function isDashPart(value: unknown): value is DashPart {
  return value === 'alerts' || value === 'missions' || value === 'scenarios';
}
