import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { createScenarioFolder, folderBody, listScenarioFolders } from '@/lib/scenarios/scenario-folders';

export const GET = route({ feature: 'scenario', summary: 'Scenario folders' }, listScenarioFolders);
export const POST = route(
  { role: 'admin', feature: 'scenario', body: folderBody, status: 201, summary: 'New scenario folder' },
  createScenarioFolder,
);
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
