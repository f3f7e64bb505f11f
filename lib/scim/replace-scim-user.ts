import type { DirectoryCtx } from '@/lib/directory/directory-ctx';
import { defaultCountryOf, findScimUser } from './find-scim-user';
import { saveScimUser } from './save-scim-user';
import { scimUserFields, type ScimUserBody } from './scim-user';

/** PUT /scim/v2/Users/{id}: the member as the User now says, `active` included. */
export async function replaceScimUser(ctx: DirectoryCtx, input: ScimUserBody & { id: string }) {
  const found = await findScimUser(ctx.db, ctx, input.id);
  return saveScimUser(ctx, scimUserFields(input, await defaultCountryOf(ctx.db, ctx)), found.userId);
}
