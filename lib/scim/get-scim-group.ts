import type { DirectoryCtx } from '@/lib/directory/directory-ctx';
import { findScimGroup, scimGroupView, withoutMembers } from './scim-group';

/** GET /scim/v2/Groups/{id} (`excludedAttributes=members` leaves the members out). */
export async function getScimGroup(ctx: DirectoryCtx, input: { id: string; excludedAttributes?: string }) {
  return scimGroupView(await findScimGroup(ctx.db, ctx, input.id), !withoutMembers(input));
}
