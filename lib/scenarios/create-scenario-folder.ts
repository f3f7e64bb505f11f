import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Ctx } from '@/lib/context';
import { saveScenarioFolder } from './save-scenario-folder';
import type { folderBody } from './scenario-folder-fields';

/** POST /api/scenarioFolders/customer: a new folder, last in the order. */
export async function createScenarioFolder(ctx: Ctx, input: z.output<typeof folderBody>) {
  return saveScenarioFolder(ctx, { ...input, id: randomUUID() });
}
