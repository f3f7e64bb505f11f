import type { AlertListItem } from '@/components/alerts/alert-api';

// The latest alerts as last read, per person and company, shown when the network does not answer.

const key = (userId: string, companyId: string) => `tocsin.responder.alerts.${userId}.${companyId}`;

export function cachedAlerts(userId: string, companyId: string): AlertListItem[] | null {
  try {
    const stored = window.localStorage.getItem(key(userId, companyId));
    return stored ? (JSON.parse(stored) as AlertListItem[]) : null;
  } catch {
    return null;
  }
}

export function cacheAlerts(userId: string, companyId: string, alerts: AlertListItem[]): void {
  try {
    window.localStorage.setItem(key(userId, companyId), JSON.stringify(alerts));
  } catch {
    // storage blocked or full: the list is read from the network next time
  }
}
