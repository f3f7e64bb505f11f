function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The route's file pattern of a request path: each segment holding a route parameter's value becomes `[name]`, the
 * segments of a catch-all `[...name]` (`/api/alerts/5f.../comments` → `/api/alerts/[id]/comments`). A metric label of
 * bounded cardinality, unlike the path itself.
 */
export function routePattern(pathname: string, params: Record<string, string | string[]>): string {
  const segments = pathname.split('/');
  const names = new Array<string | undefined>(segments.length);
  for (const [name, value] of Object.entries(params)) {
    const values = [value].flat();
    if (values.length === 0) continue;
    // From the end: a route's parameters follow its fixed segments, so a fixed segment that happens to equal a value
    // (a team called "teams") comes earlier.
    for (let end = segments.length; end >= values.length; end -= 1) {
      const start = end - values.length;
      const matches = values.every(
        (part, offset) => !names[start + offset] && decoded(segments[start + offset]) === part,
      );
      if (!matches) continue;
      names[start] = Array.isArray(value) ? `[...${name}]` : `[${name}]`;
      for (let index = start + 1; index < end; index += 1) names[index] = '';
      break;
    }
  }
  return segments
    .map((segment, index) => names[index] ?? segment)
    .filter((segment, index) => names[index] !== '' || segment !== '')
    .join('/');
}
