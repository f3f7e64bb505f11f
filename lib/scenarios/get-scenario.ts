import type { z } from 'zod';
import { attachmentOrder } from '@/lib/attachments/attachment-view';
import type { Ctx } from '@/lib/context';
import { describeTarget } from '@/lib/targeting/describe-target';
import { findScenario } from './find-scenario';
import type { scenarioIdParams } from './scenario-fields';
import { scenarioView } from './scenario-view';

/**
 * GET /api/scenarios/customer/{id}: the scenario, its target with names, and its files' storage keys (what the edit form
 * shows and sends back to keep a file; a key is only claimable by its uploader, so showing it gives nothing away).
 */
export async function getScenario(ctx: Ctx, input: z.output<typeof scenarioIdParams>) {
  const scenario = await findScenario(ctx, input.id);
  const [view, targetDetail, attachmentKeys] = await Promise.all([
    scenarioView(ctx, scenario),
    describeTarget(ctx.db, ctx.company.id, scenario.target),
    ctx.db.attachment.findMany({
      where: { scenarioId: scenario.id },
      select: { id: true, storageKey: true },
      orderBy: attachmentOrder,
    }),
  ]);
  return {
    ...view,
    targetDetail,
    attachmentKeys: attachmentKeys.map((file) => ({ id: file.id, key: file.storageKey })),
  };
}
