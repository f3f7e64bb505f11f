import type { Ctx } from '@/lib/context';
import { folderSelect, folderView } from './scenario-folder-view';

/** GET /api/scenarioFolders/customer: the company's folders by their order, then name. */
export async function listScenarioFolders(ctx: Ctx) {
  const folders = await ctx.db.scenarioFolder.findMany({
    where: { companyId: ctx.company.id },
    select: folderSelect,
    orderBy: [{ sortIndex: 'asc' }, { name: 'asc' }],
  });
  return { items: folders.map(folderView) };
}
