import { env } from '@/lib/env';
import { mapTileTemplates } from '@/lib/map/get-map-config';

// The page policy (DESIGN §13): scripts only with this response's nonce (and what they load), no framing, no plugins.
// Outside hosts are only those of the configuration: the map's tile services (configured or the defaults), and the S3
// endpoint that files are uploaded to and shown from.

/** The origin a URL or URL template points at, as a CSP source; `{s}`-style placeholders in the host become `*`. */
export function sourceOf(urlOrTemplate: string): string | null {
  const match = /^(https?):\/\/([^/?#]+)/i.exec(urlOrTemplate);
  if (!match) return null;
  const host = match[2].replace(/\{[^}]*\}/g, '*');
  return `${match[1].toLowerCase()}://${host.toLowerCase()}`;
}

function configuredSources(): { tiles: string[]; files: string[] } {
  const tiles = mapTileTemplates().map(sourceOf);
  const s3 =
    env.STORAGE_DRIVER === 's3' ? (env.S3_PUBLIC_ENDPOINT ?? env.S3_ENDPOINT ?? 'https://*.amazonaws.com') : null;
  const files = s3 ? [sourceOf(s3)] : [];
  const known = (sources: (string | null)[]) => [...new Set(sources.filter((source): source is string => !!source))];
  return { tiles: known(tiles), files: known(files) };
}

/** The Content-Security-Policy of a page answered with `nonce`; `development` allows what Next's dev server needs. */
export function contentSecurityPolicy(nonce: string, development = env.NODE_ENV !== 'production'): string {
  const { tiles, files } = configuredSources();
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...(development ? ["'unsafe-eval'"] : [])],
    // React and the map set style attributes; styles cannot run code, so inline styles are allowed.
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:', 'blob:', ...tiles, ...files],
    ['font-src', "'self'", 'data:'],
    ['connect-src', "'self'", ...tiles, ...files, ...(development ? ['ws:'] : [])],
    ['media-src', "'self'", 'blob:', ...files],
    // The map draws in web workers made from blob: URLs; the captcha solves its puzzle in one.
    ['worker-src', "'self'", 'blob:'],
    ['child-src', "'self'", 'blob:'],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map((directive) => directive.join(' ')).join('; ');
}
