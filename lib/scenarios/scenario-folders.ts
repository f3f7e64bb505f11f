import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import type { Ctx } from '@/lib/context';
import type { DbClient } from '@/lib/db';
import { isUniqueViolation } from '@/lib/db/is-unique-violation';
import type { Prisma } from '@/lib/generated/prisma/client';

export const folderIdParams = z.object({ id: z.uuid() });
export const folderBody = z.object({ name: z.string().trim().min(1).max(60) });

const folderSelect = {
  id: true,
  name: true,
  sortIndex: true,
  _count: { select: { scenarios: true } },
} satisfies Prisma.ScenarioFolderSelect;

function folderView(folder: Prisma.ScenarioFolderGetPayload<{ select: typeof folderSelect }>) {
  return { id: folder.id, name: folder.name, sortIndex: folder.sortIndex, scenarioCount: folder._count.scenarios };
}

export type ScenarioFolderView = ReturnType<typeof folderView>;

/** GET /api/scenarioFolders/customer: the company's folders by their order, then name. */
export async function listScenarioFolders(ctx: Ctx) {
  const folders = await ctx.db.scenarioFolder.findMany({
    where: { companyId: ctx.company.id },
    select: folderSelect,
    orderBy: [{ sortIndex: 'asc' }, { name: 'asc' }],
  });
  return { items: folders.map(folderView) };
}

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

/** POST /api/scenarioFolders/customer: a new folder, last in the order. */
export async function createScenarioFolder(ctx: Ctx, input: z.output<typeof folderBody>) {
  return saveScenarioFolder(ctx, { ...input, id: randomUUID() });
}

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
