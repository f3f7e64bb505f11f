import type { DirectoryCtx } from '@/lib/directory/directory-ctx';
import { defaultCountryOf, findScimUser } from './find-scim-user';
import { applyPatch, type ScimPatchBody } from './normalise-patch';
import { saveScimUser } from './save-scim-user';
import { scimError } from './scim-error';
import { scimUserBody, scimUserFields, scimUserView, withNameFromParts } from './scim-user';

/** PATCH /scim/v2/Users/{id}: the operations (either dialect, normalise-patch.ts) applied, then saved as a PUT is. */
export async function patchScimUser(ctx: DirectoryCtx, input: ScimPatchBody & { id: string }) {
  const found = await findScimUser(ctx.db, ctx, input.id);
  const before = scimUserView(found);
  const patched = scimUserBody.safeParse(withNameFromParts(before, applyPatch(before, input)));
  if (!patched.success) {
    const issue = patched.error.issues[0];
    throw scimError(400, 'invalidValue', `${issue.path.join('.') || 'The user'} is not valid after the patch`);
  }
  return saveScimUser(ctx, scimUserFields(patched.data, await defaultCountryOf(ctx.db, ctx)), found.userId);
}
