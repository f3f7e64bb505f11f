import type { LiveDashAlert } from '@/lib/dashboard/find-live-dash-alert';
import { LATEST_ALERTS } from '@/lib/dashboard/dash-limits';
import type { DashData } from './dashboard-api';

export type { LiveDashAlert };

type AlertsShown = Pick<DashData, 'latestAlerts' | 'activeAlertsCount' | 'chartData'>;

/** Whether `value` is a dashboardAlert payload (what the server sends; anything else is ignored). */
export function isLiveDashAlert(value: unknown): value is LiveDashAlert {
  const event = value as Partial<LiveDashAlert> | null;
  return (
    typeof event?.day === 'string' &&
    typeof event.alert === 'object' &&
    event.alert !== null &&
    typeof event.alert.id === 'string' &&
    typeof event.alert.created === 'string'
  );
}

/**
 * What the dashboard shows once a new alert it may see was sent (a dashboardAlert event): the alert first among the
 * latest, one more active and one more on its chart day. Taken once: data that already has it (loaded after it was
 * sent) is returned as it is; so is data with LATEST_ALERTS newer ones. Null when the alert's day is past the chart's
 * last (the dashboard was loaded before midnight): then the chart's days must be loaded again.
 */
export function withLiveAlert<T extends AlertsShown>(data: T, { alert, day }: LiveDashAlert): T | null {
  const shown = data.latestAlerts;
  if (shown.some((row) => row.id === alert.id)) return data;
  if (shown.length >= LATEST_ALERTS && alert.created < shown[shown.length - 1].created) return data;
  const lastDay = data.chartData.at(-1)?.date;
  if (lastDay !== undefined && day > lastDay) return null;
  return {
    ...data,
    latestAlerts: [alert, ...shown].sort((a, b) => b.created.localeCompare(a.created)).slice(0, LATEST_ALERTS),
    activeAlertsCount: data.activeAlertsCount + (alert.status === 'active' ? 1 : 0),
    chartData: data.chartData.map((each) => (each.date === day ? { ...each, count: each.count + 1 } : each)),
  };
}
