import { apiQuery } from '@/components/ui/api-query';
import type { Position } from '@/components/ui/use-my-position';
import type { AnswerOf } from '@/lib/http/answer-of';
import { api } from '@/lib/http/client';
import type { deleteScenario } from '@/lib/scenarios/delete-scenario';
import type { getScenario } from '@/lib/scenarios/get-scenario';
import type { listScenarios } from '@/lib/scenarios/list-scenarios';
import type { createScenario } from '@/lib/scenarios/create-scenario';
import type { updateScenario } from '@/lib/scenarios/update-scenario';
import type { z } from 'zod';
import type { scenarioBody } from '@/lib/scenarios/scenario-fields';
import type { deleteScenarioFolder } from '@/lib/scenarios/delete-scenario-folder';
import type { listScenarioFolders } from '@/lib/scenarios/list-scenario-folders';
import type { saveScenarioFolder } from '@/lib/scenarios/save-scenario-folder';
import type { sortScenarios } from '@/lib/scenarios/sort-scenarios';
import type { startScenario } from '@/lib/scenarios/start-scenario';

// The scenario calls of the console (the scenarios screen and the dashboard's card), typed from the server functions
// (type imports only: no server code here).

type Scenarios = AnswerOf<typeof listScenarios>;
/** Spec §3 Scenario; alertType 1 is an alarm, 2 an urgent alert. */
export type Scenario = Scenarios['items'][number];
/** One scenario with its target's names, for the edit form. */
export type ScenarioDetail = AnswerOf<typeof getScenario>;
export type ScenarioFolders = AnswerOf<typeof listScenarioFolders>;
export type ScenarioFolder = AnswerOf<typeof saveScenarioFolder>;
/** What creating or changing a scenario sends. */
export type ScenarioSaveBody = z.input<typeof scenarioBody>;

/** What starting a scenario sends: the (edited) texts, and the sender's position when the scenario includes it. */
export interface ScenarioStartBody {
  alertTitle: string;
  alertBody: string;
  position?: Position;
}

/** A started scenario: the alert it sent. */
export type ScenarioStarted = AnswerOf<typeof startScenario>;

export const SCENARIOS_PATH = '/api/scenarios/customer';
const FOLDERS_PATH = '/api/scenarioFolders/customer';
const scenarioPath = (scenarioId: string) => `${SCENARIOS_PATH}/${encodeURIComponent(scenarioId)}`;
const folderPath = (folderId: string) => `${FOLDERS_PATH}/${encodeURIComponent(folderId)}`;

/** Where a scenario's attachment links live (the attachments field's uploads go there). */
export const SCENARIO_ATTACHMENTS = SCENARIOS_PATH;

export const scenariosQuery = apiQuery<Scenarios>(SCENARIOS_PATH);
export const foldersQuery = apiQuery<ScenarioFolders>(FOLDERS_PATH);
export const scenarioQuery = (scenarioId: string) => apiQuery<ScenarioDetail>(scenarioPath(scenarioId));

export const scenarioApi = {
  start: (scenarioId: string, body: ScenarioStartBody) => api.post<ScenarioStarted>(scenarioPath(scenarioId), body),
  create: (body: ScenarioSaveBody) => api.post<AnswerOf<typeof createScenario>>(SCENARIOS_PATH, body),
  update: (scenarioId: string, body: ScenarioSaveBody) =>
    api.put<AnswerOf<typeof updateScenario>>(scenarioPath(scenarioId), body),
  remove: (scenarioId: string) => api.delete<AnswerOf<typeof deleteScenario>>(scenarioPath(scenarioId)),
  /** The new order of all the company's scenarios. */
  sort: (ids: string[]) => api.put<AnswerOf<typeof sortScenarios>>(`${SCENARIOS_PATH}/sortorder`, { ids }),
  /** Creates the folder under a new id, or renames it. */
  saveFolder: (folderId: string, name: string) => api.put<ScenarioFolder>(folderPath(folderId), { name }),
  removeFolder: (folderId: string) => api.delete<AnswerOf<typeof deleteScenarioFolder>>(folderPath(folderId)),
};
