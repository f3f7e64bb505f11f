import type { Prisma } from '@/lib/generated/prisma/client';

export const folderSelect = {
  id: true,
  name: true,
  sortIndex: true,
  _count: { select: { scenarios: true } },
} satisfies Prisma.ScenarioFolderSelect;

export function folderView(folder: Prisma.ScenarioFolderGetPayload<{ select: typeof folderSelect }>) {
  return { id: folder.id, name: folder.name, sortIndex: folder.sortIndex, scenarioCount: folder._count.scenarios };
}

export type ScenarioFolderView = ReturnType<typeof folderView>;
