/** A directory (tenant) or application (client) id as Entra shows it: a GUID (any case; stored lower-cased). */
export const ENTRA_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
