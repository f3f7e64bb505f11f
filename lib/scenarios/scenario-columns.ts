import { ApiError } from '@/lib/api-error';
import type { Ctx } from '@/lib/context';
import type { Prisma } from '@/lib/generated/prisma/client';
import { assertKnownTargets, assertTargetChosen } from '@/lib/targeting/validate-target';
import { SCENARIO_TYPES, type ScenarioBody } from './scenario-fields';

/** A scenario's columns from its body, after the checks a create and an update share (target, plan, folder). */
export async function scenarioColumns(ctx: Ctx, input: ScenarioBody) {
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
    responseOptions: input.alertData.responseOptions as Prisma.InputJsonArray,
    channels: input.channels,
    includePosition: input.includePosition,
    folderId: input.folderId ?? null,
  };
}
