import { ApiError } from '@/lib/api-error';
import type { DirectoryCtx } from '@/lib/directory/directory-ctx';
import { scimSchemas } from './scim-schemas';

/** GET /scim/v2/Schemas/{id} (RFC 7644 §4): the schema by its URN (as `meta.location` of /Schemas names it), else 404. */
export function getScimSchema(_ctx: DirectoryCtx, input: { id: string }) {
  const schema = scimSchemas().find((one) => one.id.toLowerCase() === input.id.toLowerCase());
  if (!schema) throw ApiError.notFound('The schema');
  return schema;
}
