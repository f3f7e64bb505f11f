import type { DirectoryCtx } from '@/lib/directory/directory-ctx';
import type { DbClient } from '@/lib/db';

/** An audit record of a change the directory made (no person acts: the key, by its prefix, is named instead). */
export async function auditDirectoryChange(
  client: DbClient,
  ctx: DirectoryCtx,
  change: { action: string; entityType: 'member' | 'team'; entityId: string; data?: Record<string, unknown> },
): Promise<void> {
  await client.auditLog.create({
    data: {
      companyId: ctx.company.id,
      actorId: null,
      action: change.action,
      entityType: change.entityType,
      entityId: change.entityId,
      data: { keyPrefix: ctx.directoryKey.prefix, ...change.data },
    },
  });
}
