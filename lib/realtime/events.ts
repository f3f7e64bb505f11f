/** Live company events (spec §7): the event name carries the company id. */
export type CompanyEventKind = 'newAlert' | 'newMission' | 'missionFinished';

export const REALTIME_PATH = '/eventHub';

export function companyRoom(companyId: string): string {
  return `company:${companyId}`;
}

export function companyEventName(kind: CompanyEventKind, companyId: string): string {
  return `${kind}CustomerId:${companyId}`;
}
