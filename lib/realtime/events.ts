/**
 * Live company events (spec §7): the event name carries the company id. alertChanged (payload `{ alertId }`) follows a
 * comment, close, delete, update or receipt change of an alert; positioningChanged (payload `{ positioningId }`) follows
 * a new positioning, a device's answer and the close of the unanswered ones.
 */
export type CompanyEventKind = 'newAlert' | 'newMission' | 'missionFinished' | 'alertChanged' | 'positioningChanged';

export const REALTIME_PATH = '/eventHub';

export function companyRoom(companyId: string): string {
  return `company:${companyId}`;
}

export function companyEventName(kind: CompanyEventKind, companyId: string): string {
  return `${kind}CustomerId:${companyId}`;
}
