import type { DirectoryCtx } from '@/lib/directory/directory-ctx';
import { applyPatch, type ScimPatchBody } from './normalise-patch';
import { saveScimGroup } from './save-scim-group';
import { scimError } from './scim-error';
import { findScimGroup, scimGroupBody, scimGroupView } from './scim-group';

/**
 * PATCH /scim/v2/Groups/{id}: members added, replaced or removed (`members` with a value list, or
 * `members[value eq "…"]`), displayName and externalId replaced; then saved as a PUT is.
 */
export async function patchScimGroup(ctx: DirectoryCtx, input: ScimPatchBody & { id: string }) {
  const found = await findScimGroup(ctx.db, ctx, input.id);
  const patched = scimGroupBody.safeParse(applyPatch(scimGroupView(found), input));
  if (!patched.success) {
    const issue = patched.error.issues[0];
    throw scimError(400, 'invalidValue', `${issue.path.join('.') || 'The group'} is not valid after the patch`);
  }
  return saveScimGroup(ctx, patched.data, found.id);
}
