import type { Ctx } from '@/lib/context';
import { listScenarios } from '@/lib/scenarios/list-scenarios';

/**
 * The dashboard's scenarios part (spec §3, admins), what a scenario made, changed, deleted or reordered changes: the
 * company's scenarios in sort order, none without the feature `scenario`.
 */
export async function getDashScenarios(ctx: Ctx) {
  return { scenarios: ctx.company.features.includes('scenario') ? (await listScenarios(ctx)).items : [] };
}
