import type { z } from 'zod';
import { removeStoredFiles } from '@/lib/attachments/remove-stored-files';
import type { Ctx } from '@/lib/context';
import { emitCompanyEvent } from '@/lib/realtime/emit-company-event';
import { findScenario } from './find-scenario';
import { scenarioColumns } from './scenario-columns';
import type { ScenarioBody, scenarioIdParams } from './scenario-fields';
import { setScenarioAttachments } from './scenario-attachments';
import { scenarioView } from './scenario-view';

/** The scenario saved again; its files become the body's `attachments` (see setScenarioAttachments). */
export async function updateScenario(ctx: Ctx, input: ScenarioBody & z.output<typeof scenarioIdParams>) {
  await findScenario(ctx, input.id);
  const columns = await scenarioColumns(ctx, input);
  const { scenario, removed } = await ctx.db.$transaction(async (tx) => ({
    scenario: await tx.scenario.update({ where: { id: input.id }, data: columns }),
    removed: await setScenarioAttachments(ctx, tx, input.id, input.attachments),
  }));
  await removeStoredFiles(removed);
  emitCompanyEvent('scenariosChanged', ctx.company.id, { scenarioId: scenario.id });
  return scenarioView(ctx, scenario);
}
