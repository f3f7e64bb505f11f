/** How deeply a request body's arrays and objects may nest; ours need fewer than ten levels. */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether a parsed JSON value nests arrays and objects deeper than `limit`, found without recursion: JSON.parse takes
 * 500,000 levels from a 1 MB body, and any recursive walk of that (the NUL check, validation, logging) would overflow
 * the stack and answer 500.
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const pending: [unknown, number][] = [[value, 1]];
  while (pending.length > 0) {
    const [current, depth] = pending.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth > limit) return true;
    for (const child of Object.values(current)) pending.push([child, depth + 1]);
  }
  return false;
}
