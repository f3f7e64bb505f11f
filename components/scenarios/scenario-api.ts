import { apiQuery } from '@/components/ui/api-query';
import type { Position } from '@/components/ui/use-my-position';
import { api } from '@/lib/http/client';
import type { getScenario } from '@/lib/scenarios/get-scenario';
import type { z } from 'zod';
import type { scenarioBody } from '@/lib/scenarios/scenario-fields';
import type { listScenarioFolders, ScenarioFolderView } from '@/lib/scenarios/scenario-folders';
import type { ScenarioView } from '@/lib/scenarios/scenario-view';

// The scenario calls of the console (the scenarios screen and the dashboard's card), typed from the server functions
// (type imports only: no server code here).

/** Spec §3 Scenario; alertType 1 is an alarm, 2 an urgent alert. */
export type Scenario = ScenarioView;
/** One scenario with its target's names, for the edit form. */
export type ScenarioDetail = Awaited<ReturnType<typeof getScenario>>;
export type ScenarioFolder = ScenarioFolderView;
export type ScenarioFolders = Awaited<ReturnType<typeof listScenarioFolders>>;
/** What creating or changing a scenario sends. */
export type ScenarioSaveBody = z.input<typeof scenarioBody>;

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

export const SCENARIOS_PATH = '/api/scenarios/customer';
const FOLDERS_PATH = '/api/scenarioFolders/customer';
const scenarioPath = (scenarioId: string) => `${SCENARIOS_PATH}/${encodeURIComponent(scenarioId)}`;
const folderPath = (folderId: string) => `${FOLDERS_PATH}/${encodeURIComponent(folderId)}`;

/** Where a scenario's attachment links live (the attachments field's uploads go there). */
export const SCENARIO_ATTACHMENTS = SCENARIOS_PATH;

export const scenariosQuery = apiQuery<{ items: Scenario[] }>(SCENARIOS_PATH);
export const foldersQuery = apiQuery<ScenarioFolders>(FOLDERS_PATH);
export const scenarioQuery = (scenarioId: string) => apiQuery<ScenarioDetail>(scenarioPath(scenarioId));

export const scenarioApi = {
  start: (scenarioId: string, body: ScenarioStartBody) => api.post<ScenarioStarted>(scenarioPath(scenarioId), body),
  create: (body: ScenarioSaveBody) => api.post<Scenario>(SCENARIOS_PATH, body),
  update: (scenarioId: string, body: ScenarioSaveBody) => api.put<Scenario>(scenarioPath(scenarioId), body),
  remove: (scenarioId: string) => api.delete(scenarioPath(scenarioId)),
  /** The new order of all the company's scenarios. */
  sort: (ids: string[]) => api.put<{ items: Scenario[] }>(`${SCENARIOS_PATH}/sortorder`, { ids }),
  /** Creates the folder under a new id, or renames it. */
  saveFolder: (folderId: string, name: string) => api.put<ScenarioFolder>(folderPath(folderId), { name }),
  removeFolder: (folderId: string) => api.delete(folderPath(folderId)),
};
