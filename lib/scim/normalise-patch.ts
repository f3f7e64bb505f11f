import { z } from 'zod';
import { type ScimPatchOperation, scimPatch, ScimError, type ScimResource } from 'scim-patch';
import { scimError } from './scim-error';
import { ENTERPRISE_USER_SCHEMA, PATCH_OP_SCHEMA } from './scim-schemas';

/** A PATCH body (RFC 7644 §3.5.2) as Entra and others send it; the operations are normalised before they apply. */
export const scimPatchBody = z.object({
  schemas: z.array(z.string().max(200)).max(5).optional(),
  Operations: z
    .array(
      z.object({
        op: z.string().regex(/^(add|replace|remove)$/i, 'op must be add, replace or remove'),
        path: z.string().max(500).optional(),
        value: z.unknown().optional(),
      }),
    )
    .min(1)
    .max(1000),
});
export type ScimPatchBody = z.output<typeof scimPatchBody>;

const BOOLEAN_ATTRIBUTES = new Set(['active', 'primary']);

function isEnterprise(path: string): boolean {
  return path.toLowerCase().startsWith(ENTERPRISE_USER_SCHEMA.toLowerCase());
}

/** "False" and "True" (Entra's booleans) for boolean attributes: `active`, `emails[…].primary`. */
function booleanOf(path: string, value: unknown): unknown {
  const last = path.split(/[.\]]/).pop()?.toLowerCase() ?? '';
  if (BOOLEAN_ATTRIBUTES.has(last) && typeof value === 'string' && /^(true|false)$/i.test(value))
    return value.toLowerCase() === 'true';
  return value;
}

/**
 * Entra's PATCH dialect as RFC 7644 operations: op names in lower case, a path-less `value` object split into one
 * operation per attribute (its keys may be paths such as `name.givenName`), booleans sent as strings made booleans,
 * and the enterprise extension's attributes dropped (accepted, not kept).
 */
export function normalisePatch(body: ScimPatchBody): ScimPatchOperation[] {
  return body.Operations.flatMap((operation): ScimPatchOperation[] => {
    const op = operation.op.toLowerCase() as 'add' | 'replace' | 'remove';
    if (operation.path === undefined && op !== 'remove' && operation.value && typeof operation.value === 'object') {
      return Object.entries(operation.value as Record<string, unknown>)
        .filter(([path]) => !isEnterprise(path))
        .map(([path, value]) => ({ op, path, value: booleanOf(path, value) }));
    }
    if (operation.path !== undefined && isEnterprise(operation.path)) return [];
    if (op === 'remove') return [{ op, path: operation.path ?? '', value: operation.value }];
    return [{ op, path: operation.path, value: booleanOf(operation.path ?? '', operation.value) }];
  });
}

/** The resource after the operations (scim-patch); its refusals as 400 with their scimType. */
export function applyPatch<T extends { schemas: string[] }>(resource: T, body: ScimPatchBody): T {
  if (body.schemas && !body.schemas.includes(PATCH_OP_SCHEMA)) {
    throw scimError(400, 'invalidSyntax', `schemas must hold ${PATCH_OP_SCHEMA}`);
  }
  try {
    const options = { mutateDocument: false, treatMissingAsAdd: true };
    // scim-patch types meta dates as Date; ours are ISO strings, which it neither reads nor changes.
    return scimPatch(resource as unknown as ScimResource, normalisePatch(body), options) as unknown as T;
  } catch (error) {
    if (error instanceof ScimError) {
      const scimType = error.scimCode === 'noTarget' ? 'noTarget' : 'invalidValue';
      throw scimError(400, scimType, error.message);
    }
    throw error;
  }
}
