import { ApiError } from '@/lib/api-error';
import type { Ctx } from '@/lib/context';

/** The company's scenario by id; another company's is as unknown as a missing one. */
export async function findScenario(ctx: Ctx, id: string) {
  const scenario = await ctx.db.scenario.findFirst({ where: { id, companyId: ctx.company.id } });
  if (!scenario) throw ApiError.notFound('The scenario');
  return scenario;
}
