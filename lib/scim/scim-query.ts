import { z } from 'zod';
import { MAX_RESULTS } from './scim-schemas';

/** The query of GET /Users and /Groups: filter, 1-based startIndex and count (RFC 7644 §3.4.2.4), clamped. */
export const scimListQuery = z.object({
  filter: z.string().max(2000).optional(),
  startIndex: z.coerce
    .number()
    .int()
    .catch(1)
    .default(1)
    .transform((value) => Math.max(1, value)),
  count: z.coerce
    .number()
    .int()
    .catch(MAX_RESULTS)
    .default(MAX_RESULTS)
    .transform((value) => Math.min(MAX_RESULTS, Math.max(0, value))),
  excludedAttributes: z.string().max(500).optional(),
});
export type ScimListQuery = z.output<typeof scimListQuery>;

/** The {id} of /Users/{id} and /Groups/{id}: any text (an unknown one is 404, as SCIM clients expect). */
export const scimIdParams = z.object({ id: z.string().max(200) });

/** Whether an id can name one of our rows at all (a uuid): anything else is simply not found. */
export function isRowId(id: string): boolean {
  return z.uuid().safeParse(id).success;
}

/** A truth value as Entra sends it: a boolean, or "True" / "False" in any case. */
export const scimBoolean = z.preprocess(
  (value) => (typeof value === 'string' && /^(true|false)$/i.test(value) ? value.toLowerCase() === 'true' : value),
  z.boolean(),
);
