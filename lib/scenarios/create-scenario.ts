import type { Ctx } from '@/lib/context';
import { emitCompanyEvent } from '@/lib/realtime/emit-company-event';
import { scenarioColumns } from './scenario-columns';
import type { ScenarioBody } from './scenario-fields';
import { setScenarioAttachments } from './scenario-attachments';
import { scenarioView } from './scenario-view';

/** A new scenario, last in the sort order. Its target must pick someone now (spec §5: no valid recipients is an error). */
export async function createScenario(ctx: Ctx, input: ScenarioBody) {
  const columns = await scenarioColumns(ctx, input);
  const scenario = await ctx.db.$transaction(async (tx) => {
    const last = await tx.scenario.aggregate({ where: { companyId: ctx.company.id }, _max: { sortIndex: true } });
    const created = await tx.scenario.create({
      data: { ...columns, companyId: ctx.company.id, sortIndex: (last._max.sortIndex ?? -1) + 1 },
    });
    await setScenarioAttachments(ctx, tx, created.id, input.attachments);
    return created;
  });
  emitCompanyEvent('scenariosChanged', ctx.company.id, { scenarioId: scenario.id });
  return scenarioView(ctx, scenario);
}
