import type { Ctx } from '@/lib/context';
import { scenarioView } from './scenario-view';

/** The company's scenarios in their sort order (the app shows the first 3 on its front page). */
export async function listScenarios(ctx: Ctx) {
  const scenarios = await ctx.db.scenario.findMany({
    where: { companyId: ctx.company.id },
    orderBy: [{ sortIndex: 'asc' }, { name: 'asc' }],
  });
  return { items: await Promise.all(scenarios.map((scenario) => scenarioView(ctx, scenario))) };
}
