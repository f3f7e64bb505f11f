import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { deleteScenarioFolder } from '@/lib/scenarios/delete-scenario-folder';
import { saveScenarioFolder } from '@/lib/scenarios/save-scenario-folder';
import { folderBody, folderIdParams } from '@/lib/scenarios/scenario-folder-fields';

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
