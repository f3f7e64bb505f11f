import type { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import type { Ctx } from '@/lib/context';
import type { folderIdParams } from './scenario-folder-fields';
import { folderSelect } from './scenario-folder-view';

/** DELETE /api/scenarioFolders/customer/{id}: only an empty folder (409 `folderNotEmpty`), so no scenario is moved silently. */
export async function deleteScenarioFolder(ctx: Ctx, input: z.output<typeof folderIdParams>) {
  const folder = await ctx.db.scenarioFolder.findFirst({
    where: { id: input.id, companyId: ctx.company.id },
    select: folderSelect,
  });
  if (!folder) throw ApiError.notFound('The folder');
  if (folder._count.scenarios > 0) {
    throw ApiError.conflict('Only an empty folder can be deleted').with({ code: 'folderNotEmpty' });
  }
  await ctx.db.scenarioFolder.delete({ where: { id: input.id } });
  return {};
}
