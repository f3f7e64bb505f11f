import type { z } from 'zod';
import { removeStoredFiles } from '@/lib/attachments/remove-stored-files';
import type { Ctx } from '@/lib/context';
import { emitCompanyEvent } from '@/lib/realtime/emit-company-event';
import { findScenario } from './find-scenario';
import type { scenarioIdParams } from './scenario-fields';

/** Deletes the scenario (alerts it started stay) and its files; Flic buttons bound to it lose that action. */
export async function deleteScenario(ctx: Ctx, input: z.output<typeof scenarioIdParams>) {
  await findScenario(ctx, input.id);
  const files = await ctx.db.attachment.findMany({ where: { scenarioId: input.id }, select: { storageKey: true } });
  await ctx.db.scenario.delete({ where: { id: input.id } });
  emitCompanyEvent('scenariosChanged', ctx.company.id, { scenarioId: input.id });
  await removeStoredFiles(files.map((file) => file.storageKey));
  return {};
}
