import type { z } from 'zod';
import { recordAudit } from '@/lib/audit/record-audit';
import type { OperatorCtx } from '@/lib/context';
import { getInstanceSettings } from './get-instance-settings';
import type { instanceSettingsBody } from './instance-settings-body';

/** An operator saves the install's settings (issue 35): who may sign up, and what a new company starts with. Audited. */
export async function updateInstanceSettings(ctx: OperatorCtx, input: z.output<typeof instanceSettingsBody>) {
  const before = await getInstanceSettings(ctx.db);
  await ctx.db.$transaction([
    ctx.db.instanceSettings.upsert({ where: { id: 1 }, create: { id: 1, ...input }, update: input }),
    recordAudit(ctx.db, {
      companyId: null,
      actorId: ctx.userId,
      action: 'instanceSettingsChanged',
      entityType: 'InstanceSettings',
      entityId: '1',
      data: { before: { ...before }, after: { ...input } },
      createdAt: ctx.now,
    }),
  ]);
  return getInstanceSettings(ctx.db);
}
