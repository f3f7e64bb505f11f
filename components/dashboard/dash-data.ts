import type { DashData } from '@/lib/dashboard/get-dash-data';

/** GET /api/dash/data as the browser receives it (dates as ISO strings). */
export type { DashData };
export type DashAlert = DashData['latestAlerts'][number];
export type DashMission = DashData['activeMissions'][number];
export type ChartDay = DashData['chartData'][number];
/** Spec §3 Scenario (admins, in sort order); alertType 1 is an alarm, 2 an urgent alert. */
export type DashScenario = DashData['scenarios'][number];
