import { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import type { Ctx } from '@/lib/context';
import { emitCompanyEvent } from '@/lib/realtime/emit-company-event';
import { listScenarios } from './list-scenarios';

export const sortScenariosBody = z.object({ ids: z.array(z.uuid()).min(1).max(1000) });

/** The new order of all the company's scenarios: `ids` must name each of them once. */
export async function sortScenarios(ctx: Ctx, input: z.output<typeof sortScenariosBody>) {
  const existing = await ctx.db.scenario.findMany({ where: { companyId: ctx.company.id }, select: { id: true } });
  const known = new Set(existing.map((scenario) => scenario.id));
  if (
    new Set(input.ids).size !== input.ids.length ||
    input.ids.length !== known.size ||
    input.ids.some((id) => !known.has(id))
  ) {
    throw ApiError.badRequest('ids must list every scenario of the company once').with({ code: 'sortOrderMismatch' });
  }
  await ctx.db.$transaction(
    input.ids.map((id, sortIndex) => ctx.db.scenario.update({ where: { id }, data: { sortIndex } })),
  );
  emitCompanyEvent('scenariosChanged', ctx.company.id, {});
  return listScenarios(ctx);
}
