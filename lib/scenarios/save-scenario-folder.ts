import type { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import type { Ctx } from '@/lib/context';
import type { DbClient } from '@/lib/db';
import { isUniqueViolation } from '@/lib/db/is-unique-violation';
import type { folderBody, folderIdParams } from './scenario-folder-fields';
import { folderSelect, folderView } from './scenario-folder-view';

/** 409 `folderNameTaken` when another folder of the company has the name, whatever its letter case. */
async function assertFreeName(tx: DbClient, ctx: Ctx, name: string, exceptId: string) {
  const clash = await tx.scenarioFolder.findFirst({
    where: { companyId: ctx.company.id, name: { equals: name, mode: 'insensitive' }, NOT: { id: exceptId } },
    select: { id: true },
  });
  if (clash) throw ApiError.conflict(`A folder named ${name} already exists`).with({ code: 'folderNameTaken' });
}

/**
 * PUT /api/scenarioFolders/customer/{id}: renames the company's folder, or creates it under that new id (the client
 * picks the id, so a retried PUT creates one folder). Another company's id is a 404, as for any unknown row.
 */
export async function saveScenarioFolder(
  ctx: Ctx,
  input: z.output<typeof folderBody> & z.output<typeof folderIdParams>,
) {
  try {
    const folder = await ctx.db.$transaction(async (tx) => {
      const existing = await tx.scenarioFolder.findUnique({ where: { id: input.id }, select: { companyId: true } });
      if (existing && existing.companyId !== ctx.company.id) throw ApiError.notFound('The folder');
      await assertFreeName(tx, ctx, input.name, input.id);
      if (existing) {
        return tx.scenarioFolder.update({ where: { id: input.id }, data: { name: input.name }, select: folderSelect });
      }
      const last = await tx.scenarioFolder.aggregate({
        where: { companyId: ctx.company.id },
        _max: { sortIndex: true },
      });
      return tx.scenarioFolder.create({
        data: { id: input.id, companyId: ctx.company.id, name: input.name, sortIndex: (last._max.sortIndex ?? -1) + 1 },
        select: folderSelect,
      });
    });
    return folderView(folder);
  } catch (error) {
    // The same new id PUT twice at once: the second finds the row taken.
    if (isUniqueViolation(error)) throw ApiError.conflict('The folder was saved at the same time; try again');
    throw error;
  }
}
