import type { MapViewState } from '@/components/map/map-view';
import type { getDashAlerts } from '@/lib/dashboard/get-dash-alerts';
import type { getDashAnswers } from '@/lib/dashboard/get-dash-answers';
import type { getDashData } from '@/lib/dashboard/get-dash-data';
import type { getDashMissions } from '@/lib/dashboard/get-dash-missions';
import type { getDashScenarios } from '@/lib/dashboard/get-dash-scenarios';
import type { getDashPositions } from '@/lib/dashboard/get-dash-positions';
import type { AnswerOf } from '@/lib/http/answer-of';
import { apiQuery } from '@/components/ui/api-query';
import { api } from '@/lib/http/client';
import type { DashPart } from '@/lib/realtime/events';
import type { sendAppDownloadReminder } from '@/lib/reminders/send-app-download-reminder';

// The dashboard's calls (its scenarios' are components/scenarios/scenario-api.ts), GET /api/dash/data and /api/dash/positions as the browser receives them (dates as ISO strings; type import only).

export type { DashPart };
export type DashData = AnswerOf<typeof getDashData>;
export type DashPositions = AnswerOf<typeof getDashPositions>;
export type DashAlert = DashData['latestAlerts'][number];
export type DashMission = DashData['activeMissions'][number];
export type ChartDay = DashData['chartData'][number];
/** Spec §3 Scenario (admins, in sort order); alertType 1 is an alarm, 2 an urgent alert. */
export type DashScenario = DashData['scenarios'][number];

export type ReminderSent = AnswerOf<typeof sendAppDownloadReminder>;
export type DashAnswers = AnswerOf<typeof getDashAnswers>;
export type DashAnsweredAlert = DashAnswers['alerts'][number];

/** One part of the dashboard, as /api/dash/data answers it too. */
export type DashPartData =
  AnswerOf<typeof getDashAlerts> | AnswerOf<typeof getDashMissions> | AnswerOf<typeof getDashScenarios>;

/** Where each part reloads alone (after the live event that changed it). */
export const DASH_PART_PATHS: Record<DashPart, string> = {
  alerts: '/api/dash/alerts',
  missions: '/api/dash/missions',
  scenarios: '/api/dash/scenarios',
};

/** The answers card's own data (admins): reloaded after answers, apart from the rest of the dashboard. */
export const dashAnswersQuery = apiQuery<DashAnswers>('/api/dash/answers');

export const dashboardApi = {
  data: (signal: AbortSignal) => api.get<DashData>('/api/dash/data', { signal }),
  part: (part: DashPart, signal: AbortSignal) => api.get<DashPartData>(DASH_PART_PATHS[part], { signal }),
  /** The last known positions in view: points, or clusters where many (admins; none for others). */
  positions: ({ west, south, east, north, zoom }: MapViewState, signal: AbortSignal) =>
    api.get<DashPositions>(`/api/dash/positions?bounds=${west},${south},${east},${north}&zoom=${zoom}`, { signal }),
  /** E-mails (and texts) the chosen people the app's store links; answers how many were sent. */
  sendAppReminder: (userIds: string[]) => api.post<ReminderSent>('/api/users/app-download-reminder', { userIds }),
};
