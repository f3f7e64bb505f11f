import type { DirectoryCtx } from '@/lib/directory/directory-ctx';
import { findScimUser } from './find-scim-user';
import { scimUserView } from './scim-user';

/** GET /scim/v2/Users/{id}. */
export async function getScimUser(ctx: DirectoryCtx, input: { id: string }) {
  return scimUserView(await findScimUser(ctx.db, ctx, input.id));
}
