import type { DirectoryCtx } from '@/lib/directory/directory-ctx';
import { saveScimGroup } from './save-scim-group';
import { findScimGroup, type ScimGroupBody } from './scim-group';

/** PUT /scim/v2/Groups/{id}: the team as the Group now says, members included. */
export async function replaceScimGroup(ctx: DirectoryCtx, input: ScimGroupBody & { id: string }) {
  const found = await findScimGroup(ctx.db, ctx, input.id);
  return saveScimGroup(ctx, input, found.id);
}
