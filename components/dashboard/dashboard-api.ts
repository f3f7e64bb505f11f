import type { DashData } from '@/lib/dashboard/get-dash-data';
import { api } from '@/lib/http/client';
import type { Position } from '@/components/ui/use-my-position';

// The dashboard's calls and GET /api/dash/data as the browser receives it (dates as ISO strings; type import only).

export type { DashData };
export type DashAlert = DashData['latestAlerts'][number];
export type DashMission = DashData['activeMissions'][number];
export type DashPosition = DashData['positions'][number];
export type ChartDay = DashData['chartData'][number];
/** Spec §3 Scenario (admins, in sort order); alertType 1 is an alarm, 2 an urgent alert. */
export type DashScenario = DashData['scenarios'][number];

/** What starting a scenario sends: the (edited) texts, and the sender's position when the scenario includes it. */
export interface ScenarioStartBody {
  alertTitle: string;
  alertBody: string;
  position?: Position;
}

/** A started scenario: the alert it sent (spec §8: an answer without the id is a failure). */
export interface ScenarioStarted {
  alertId?: string;
}

export interface ReminderSent {
  sent: number;
}

const scenarioPath = (scenarioId: string) => `/api/scenarios/customer/${encodeURIComponent(scenarioId)}`;

export const dashboardApi = {
  data: (signal: AbortSignal) => api.get<DashData>('/api/dash/data', { signal }),
  startScenario: (scenarioId: string, body: ScenarioStartBody) =>
    api.post<ScenarioStarted>(scenarioPath(scenarioId), body),
  deleteScenario: (scenarioId: string) => api.delete(scenarioPath(scenarioId)),
  /** E-mails (and texts) the chosen people the app's store links; answers how many were sent. */
  sendAppReminder: (userIds: string[]) => api.post<ReminderSent>('/api/users/app-download-reminder', { userIds }),
};
