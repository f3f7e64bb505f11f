import type { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import { removeStoredFiles } from '@/lib/attachments/remove-stored-files';
import type { Ctx } from '@/lib/context';
import type { Prisma } from '@/lib/generated/prisma/client';
import { assertKnownTargets, assertTargetChosen } from '@/lib/targeting/validate-target';
import { findScenario } from './find-scenario';
import { SCENARIO_TYPES, type ScenarioBody, type scenarioIdParams } from './scenario-fields';
import { setScenarioAttachments } from './scenario-attachments';
import { scenarioView } from './scenario-view';

async function scenarioColumns(ctx: Ctx, input: ScenarioBody) {
  assertTargetChosen(input.alertData.target);
  await assertKnownTargets(ctx.db, ctx, input.alertData.target);
  if (input.channels.includes('voice') && ctx.company.plan !== 'enterprise') {
    throw ApiError.forbidden('Voice calls need the Enterprise plan').with({ code: 'planRequired' });
  }
  if (
    input.folderId &&
    !(await ctx.db.scenarioFolder.findFirst({
      where: { id: input.folderId, companyId: ctx.company.id },
      select: { id: true },
    }))
  ) {
    throw ApiError.badRequest('folderId is not valid');
  }
  return {
    name: input.name,
    description: input.description,
    alertType: SCENARIO_TYPES[input.alertType],
    title: input.alertData.title,
    body: input.alertData.body,
    target: input.alertData.target as Prisma.InputJsonObject,
    channels: input.channels,
    includePosition: input.includePosition,
    folderId: input.folderId ?? null,
  };
}

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
  return scenarioView(ctx, scenario);
}

/** The scenario saved again; its files become the body's `attachments` (see setScenarioAttachments). */
export async function updateScenario(ctx: Ctx, input: ScenarioBody & z.output<typeof scenarioIdParams>) {
  await findScenario(ctx, input.id);
  const columns = await scenarioColumns(ctx, input);
  const { scenario, removed } = await ctx.db.$transaction(async (tx) => ({
    scenario: await tx.scenario.update({ where: { id: input.id }, data: columns }),
    removed: await setScenarioAttachments(ctx, tx, input.id, input.attachments),
  }));
  await removeStoredFiles(removed);
  return scenarioView(ctx, scenario);
}
