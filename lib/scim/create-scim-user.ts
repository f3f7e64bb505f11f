import type { DirectoryCtx } from '@/lib/directory/directory-ctx';
import { defaultCountryOf } from './find-scim-user';
import { saveScimUser } from './save-scim-user';
import { scimUserFields, type ScimUserBody } from './scim-user';

/** POST /scim/v2/Users: a managed member (new person, or an existing account joining); 409 for a taken userName. */
export async function createScimUser(ctx: DirectoryCtx, input: ScimUserBody) {
  return saveScimUser(ctx, scimUserFields(input, await defaultCountryOf(ctx.db, ctx)), null);
}
