import type { DirectoryCtx } from '@/lib/directory/directory-ctx';
import { auditDirectoryChange } from './audit-directory-change';
import { findScimGroup } from './scim-group';

/** DELETE /scim/v2/Groups/{id}: the managed team goes (its members stay members of the company). */
export async function deleteScimGroup(ctx: DirectoryCtx, input: { id: string }) {
  await ctx.db.$transaction(async (tx) => {
    const found = await findScimGroup(tx, ctx, input.id);
    await tx.team.delete({ where: { id: found.id } });
    await auditDirectoryChange(tx, ctx, {
      action: 'directory.teamDeleted',
      entityType: 'team',
      entityId: found.id,
      data: { name: found.name },
    });
  });
}
