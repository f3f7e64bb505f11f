import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { createScenarioFolder } from '@/lib/scenarios/create-scenario-folder';
import { listScenarioFolders } from '@/lib/scenarios/list-scenario-folders';
import { folderBody } from '@/lib/scenarios/scenario-folder-fields';

export const GET = route({ feature: 'scenario', summary: 'Scenario folders' }, listScenarioFolders);
export const POST = route(
  { role: 'admin', feature: 'scenario', body: folderBody, status: 201, summary: 'New scenario folder' },
  createScenarioFolder,
);
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
