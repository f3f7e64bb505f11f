// Postgres cannot store the NUL character (U+0000) in text or JSON, so a request carrying one is refused as invalid
// before any operation sees it, rather than failing later as a database error.

const isPlainObject = (value: object) => {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

/** Where the first NUL character stands in a parsed request value (strings, and keys and values of arrays and objects). */
export function nulCharacterPath(value: unknown, path: PropertyKey[] = []): PropertyKey[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = nulCharacterPath(item, [...path, index]);
      if (found) return found;
    }
    return null;
  }
  if (!isPlainObject(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key.replaceAll('\u0000', '')];
    const found = nulCharacterPath(item, [...path, key]);
    if (found) return found;
  }
  return null;
}
