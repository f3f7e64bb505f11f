// Screen scripts and styles load with a 120-second timeout; a script failure is a ChunkLoadError, a style failure
// CSS_CHUNK_LOAD_FAILED (spec §7 External). How each bundler says it (docs/decisions.md, "Chunk loading"):
// webpack throws ChunkLoadError ("Loading chunk N failed") and, for styles, an error with code CSS_CHUNK_LOAD_FAILED;
// Turbopack (Next 16's default) a plain Error "Failed to load chunk <path> ...".

export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** Where the build's scripts and styles are served from. */
const CHUNK_PATH = '/_next/static/';

const CHUNK_ERROR_MESSAGE = /Failed to load chunk|Loading (CSS )?chunk [\w/.-]+ failed|CSS_CHUNK_LOAD_FAILED/;

/** True for the error a failed script or style chunk gives, whichever bundler built it. */
export function isChunkLoadError(reason: unknown): boolean {
  if (!reason || typeof reason !== 'object') return false;
  const { name, code, message } = reason as { name?: unknown; code?: unknown; message?: unknown };
  return (
    name === 'ChunkLoadError' ||
    code === 'CSS_CHUNK_LOAD_FAILED' ||
    (typeof message === 'string' && CHUNK_ERROR_MESSAGE.test(message))
  );
}

/** The URL of a script or stylesheet element of the build, or null for any other element (images, other sites). */
export function chunkUrl(element: unknown): string | null {
  if (typeof HTMLScriptElement !== 'undefined' && element instanceof HTMLScriptElement)
    return isChunkPath(element.src) ? element.src : null;
  if (typeof HTMLLinkElement !== 'undefined' && element instanceof HTMLLinkElement)
    return element.relList.contains('stylesheet') && isChunkPath(element.href) ? element.href : null;
  return null;
}

function isChunkPath(url: string): boolean {
  try {
    const parsed = new URL(url, window.location.href);
    return parsed.origin === window.location.origin && parsed.pathname.startsWith(CHUNK_PATH);
  } catch {
    return false;
  }
}
