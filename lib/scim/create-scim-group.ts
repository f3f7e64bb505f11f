import type { DirectoryCtx } from '@/lib/directory/directory-ctx';
import { saveScimGroup } from './save-scim-group';
import type { ScimGroupBody } from './scim-group';

/** POST /scim/v2/Groups: a managed team. */
export async function createScimGroup(ctx: DirectoryCtx, input: ScimGroupBody) {
  return saveScimGroup(ctx, input, null);
}
