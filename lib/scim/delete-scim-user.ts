import type { DirectoryCtx } from '@/lib/directory/directory-ctx';
import { endMembership } from '@/lib/members/end-membership';
import { lockCompany } from '@/lib/companies/seats';
import { purgeRemovedMember } from '@/lib/retention/purge-removed-members';
import { auditDirectoryChange } from './audit-directory-change';
import { findScimUser } from './find-scim-user';

/**
 * DELETE /scim/v2/Users/{id}: the membership goes for good (as a removed member's does when the restore window ends).
 * An account the directory made (User.directoryCompanyId) goes with it — sign-in, devices, positions, everything — so
 * that no later person with the e-mail inherits it; a person's own account stays theirs, for their other companies.
 */
export async function deleteScimUser(ctx: DirectoryCtx, input: { id: string }) {
  await ctx.db.$transaction(async (tx) => {
    await lockCompany(tx, ctx.company.id);
    const found = await findScimUser(tx, ctx, input.id);
    await endMembership(tx, found, ctx.now);
    await purgeRemovedMember(tx, found);
    await auditDirectoryChange(tx, ctx, {
      action: 'directory.memberDeleted',
      entityType: 'member',
      entityId: found.userId,
    });
  });
}
