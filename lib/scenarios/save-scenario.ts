import type { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import type { Ctx } from '@/lib/context';
import type { Prisma } from '@/lib/generated/prisma/client';
import { assertKnownTargets, assertTargetChosen } from '@/lib/targeting/validate-target';
import { findScenario } from './find-scenario';
import { SCENARIO_TYPES, type ScenarioBody, type scenarioIdParams } from './scenario-fields';
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
  const last = await ctx.db.scenario.aggregate({ where: { companyId: ctx.company.id }, _max: { sortIndex: true } });
  const scenario = await ctx.db.scenario.create({
    data: { ...columns, companyId: ctx.company.id, sortIndex: (last._max.sortIndex ?? -1) + 1 },
  });
  return scenarioView(ctx, scenario);
}

export async function updateScenario(ctx: Ctx, input: ScenarioBody & z.output<typeof scenarioIdParams>) {
  await findScenario(ctx, input.id);
  const scenario = await ctx.db.scenario.update({ where: { id: input.id }, data: await scenarioColumns(ctx, input) });
  return scenarioView(ctx, scenario);
}
