import { ApiError } from '@/lib/api-error';
import type { DirectoryCtx } from '@/lib/directory/directory-ctx';
import { scimResourceTypes } from './scim-schemas';

/** GET /scim/v2/ResourceTypes/{id} (RFC 7644 §4): User or Group (as `meta.location` of /ResourceTypes names them), else 404. */
export function getScimResourceType(_ctx: DirectoryCtx, input: { id: string }) {
  const type = scimResourceTypes().find((one) => one.id.toLowerCase() === input.id.toLowerCase());
  if (!type) throw ApiError.notFound('The resource type');
  return type;
}
