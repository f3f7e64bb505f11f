import { recordAudit } from '@/lib/audit/record-audit';
import type { DbClient } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { DirectoryCtx } from '@/lib/directory/directory-ctx';

/**
 * An audit record of a change the directory made, through recordAudit: no person acts, so the key is named instead
 * (by its prefix, first in `data`).
 */
export async function auditDirectoryChange(
  client: DbClient,
  ctx: DirectoryCtx,
  change: { action: string; entityType: 'member' | 'team'; entityId: string; data?: Prisma.InputJsonObject },
): Promise<void> {
  await recordAudit(client, {
    companyId: ctx.company.id,
    actorId: null,
    action: change.action,
    entityType: change.entityType,
    entityId: change.entityId,
    data: { keyPrefix: ctx.directoryKey.prefix, ...change.data },
  });
}
