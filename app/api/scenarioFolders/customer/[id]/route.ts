import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { deleteScenarioFolder, folderBody, folderIdParams, saveScenarioFolder } from '@/lib/scenarios/scenario-folders';

export const PUT = route(
  {
    role: 'admin',
    feature: 'scenario',
    params: folderIdParams,
    body: folderBody,
    summary: 'Create or rename a scenario folder',
  },
  saveScenarioFolder,
);
export const DELETE = route(
  { role: 'admin', feature: 'scenario', params: folderIdParams, summary: 'Delete an empty scenario folder' },
  deleteScenarioFolder,
);
export const { GET, POST, PATCH, OPTIONS } = otherMethods({ PUT, DELETE });
