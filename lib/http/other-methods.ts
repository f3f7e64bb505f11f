import { randomUUID } from 'node:crypto';
import { ApiError } from '@/lib/api-error';
import { productFailure } from '@/lib/http-parts/auth-kind';
import { API_VERSION, ROUTE_SPEC, type RouteHandler, type RouteSpec } from './route';

/** The methods a route module may export for `route()` handlers (HEAD follows GET; OPTIONS is answered here). */
export const ROUTE_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type RouteMethod = (typeof ROUTE_METHODS)[number];

/** Marks the handlers made here, with the methods their route has: the OpenAPI document leaves them out. */
export const OTHER_METHOD = Symbol.for('tocsin.otherMethod');

type Given = Partial<Record<RouteMethod, RouteHandler>>;
type Others<G extends Given> = Record<Exclude<RouteMethod, keyof G> | 'OPTIONS', RouteHandler>;

/**
 * The methods a route module does not have, for it to export next to the ones it has, so that Next.js never answers
 * for it (its own answer to a method a route file lacks is a bodiless 405 without `Allow`):
 * `export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });`
 * Each missing method answers 405 with `Allow` in the route's failure format (`{ errors: [...] }`, a SCIM error body
 * for a directory route), before any authentication: the method is wrong whoever asks. OPTIONS answers 204 with
 * `Allow`. HEAD is Next's: the GET handler, whose body is not sent (a 405 where the route has no GET).
 */
export function otherMethods<G extends Given>(given: G): Others<G> {
  const has = ROUTE_METHODS.filter((method) => given[method]);
  const allow = [...has, ...(has.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].sort().join(', ');
  const spec = has.map((method) => (given[method] as { [ROUTE_SPEC]?: RouteSpec })[ROUTE_SPEC]).find(Boolean);
  const fail = spec?.kind.fail ?? productFailure;
  const headers = () => ({ 'X-Api-Version': API_VERSION, 'X-Request-Id': randomUUID() });
  const marked = (handler: RouteHandler) => Object.assign(handler, { [OTHER_METHOD]: has });
  const refuse = marked(async (request) =>
    fail(new ApiError(405, [`This address does not accept ${request.method}`], { Allow: allow }), headers()),
  );
  const options = marked(async () => new Response(null, { status: 204, headers: { ...headers(), Allow: allow } }));
  const others: Record<string, RouteHandler> = { OPTIONS: options };
  for (const method of ROUTE_METHODS) if (!given[method]) others[method] = refuse;
  return others as Others<G>;
}
