import { attachmentOrder, attachmentView, attachmentViewSelect } from '@/lib/attachments/attachment-view';
import { storedResponseOptions } from '@/lib/answers/response-options';
import type { AlertTarget } from '@/lib/targeting/alert-target';
import { alertTarget } from '@/lib/targeting/alert-target';
import type { Ctx } from '@/lib/context';
import type { DbClient } from '@/lib/db';
import type { Scenario } from '@/lib/generated/prisma/client';
import { assertKnownTargets, assertTargetChosen } from '@/lib/targeting/validate-target';
import { scenarioTypeNumber } from './scenario-fields';

/** Whether the scenario's stored target still picks someone: its teams, people and locations may have been deleted. */
export async function hasValidTarget(client: DbClient, ctx: Pick<Ctx, 'company'>, stored: unknown): Promise<boolean> {
  const parsed = alertTarget.safeParse(stored);
  if (!parsed.success) return false;
  try {
    assertTargetChosen(parsed.data as AlertTarget);
    await assertKnownTargets(client, ctx, parsed.data as AlertTarget);
    return true;
  } catch {
    return false;
  }
}

/** Spec §3 Scenario. */
export async function scenarioView(ctx: Pick<Ctx, 'company' | 'db'>, scenario: Scenario) {
  const files = await ctx.db.attachment.findMany({
    where: { scenarioId: scenario.id },
    select: attachmentViewSelect,
    orderBy: attachmentOrder,
  });
  return {
    id: scenario.id,
    name: scenario.name,
    description: scenario.description,
    alertType: scenarioTypeNumber(scenario.alertType),
    alertData: {
      title: scenario.title,
      body: scenario.body,
      target: scenario.target,
      responseOptions: storedResponseOptions(scenario.responseOptions),
    },
    channels: scenario.channels,
    includePosition: scenario.includePosition,
    hasValidTarget: await hasValidTarget(ctx.db, ctx, scenario.target),
    sortIndex: scenario.sortIndex,
    folderId: scenario.folderId,
    attachments: await Promise.all(files.map(attachmentView)),
  };
}

export type ScenarioView = Awaited<ReturnType<typeof scenarioView>>;
