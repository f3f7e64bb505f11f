import type { z } from 'zod';
import { recordAudit } from '@/lib/audit/record-audit';
import type { Ctx } from '@/lib/context';
import type { directoryEnabledBody } from './directory-key-fields';

/** PUT /api/azureAd/enabled: turns provisioning on or off, recorded with who did it. Keys are kept either way. */
export async function setDirectoryEnabled(ctx: Ctx, input: z.output<typeof directoryEnabledBody>) {
  await ctx.db.$transaction([
    ctx.db.company.update({ where: { id: ctx.company.id }, data: { azureAdEnabled: input.enabled } }),
    recordAudit(ctx.db, {
      companyId: ctx.company.id,
      actorId: ctx.userId,
      action: 'directory.enabledChanged',
      entityType: 'company',
      entityId: ctx.company.id,
      data: { enabled: input.enabled },
    }),
  ]);
  return { enabled: input.enabled };
}
