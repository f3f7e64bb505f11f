import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import type { PublicCtx } from '@/lib/context';
import { isDatabaseUnavailable } from '@/lib/db/database-unavailable';
import { now } from '@/lib/clock';
import { db } from '@/lib/db';
import { logger } from '@/lib/logger';
import { observeRequest } from '@/lib/metrics/request-metrics';
import { routePattern } from '@/lib/metrics/route-pattern';
import { nulCharacterPath } from '@/lib/text/nul-character';
import { type Answer, jsonAnswer } from '@/lib/http-parts/answers';
import type { AuthKind, Outcome } from '@/lib/http-parts/auth-kind';
import { AUTH_KINDS, type AuthKindName, type AuthKinds } from './auth-kinds';
import { CLIENT_ADDRESS_HEADER, UNKNOWN_CLIENT_ADDRESS } from '@/lib/http-parts/client-address';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth';
import type { RequestReader } from '@/lib/http-parts/request-reader';
import { validationMessages } from '@/lib/http-parts/validation-messages';

export const API_VERSION = '2.2';
const SUPPORTED_MAJOR = '2';
const DEFAULT_BODY_LIMIT = 1024 * 1024;

type Schema = z.ZodType;
type Out<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;
type Input<P, Q, B, X> = Out<Q> & Out<B> & X & Out<P>;

interface Common<P, Q, B, X, R> {
  params?: P;
  query?: Q;
  body?: B;
  /** Reads a body that is not JSON, instead of `body` (lib/http-parts/request-reader.ts); its result joins the input. */
  read?: RequestReader<X>;
  /** Largest accepted body in bytes (413 beyond). */
  bodyLimit?: number;
  /** Left out of the OpenAPI document: the JSON 404 that answers every unknown /api path. */
  undocumented?: boolean;
  /** The operation's one-line summary in the OpenAPI document; by default the handler's name in words. */
  summary?: string;
  /** The status of the JSON answer: 200 unless given (201 for a creation), or picked per result. */
  status?: number | ((result: Awaited<R>, input: Input<P, Q, B, X>) => number);
  /** An answer other than JSON (lib/http-parts/answers.ts): a file, CSV, TwiML, no content. */
  answer?: Answer<Awaited<R>>;
  /** The operation takes from a throttle (lib/throttle) or ban: the OpenAPI document lists its 429 with Retry-After. */
  throttled?: boolean;
}

/** The context a kind gives the operation, the route options it takes, and what it reads for the input. */
type CtxOf<K extends AuthKindName> = AuthKinds[K] extends AuthKind<infer C, infer _O, infer _I> ? C : never;
type KindOptions<K extends AuthKindName> = AuthKinds[K] extends AuthKind<infer _C, infer O, infer _I> ? O : never;
type KindInput<K extends AuthKindName> = AuthKinds[K] extends AuthKind<infer _C, infer _O, infer I> ? I : never;

/**
 * A route's options: how its request is let in (`auth`, lib/http/auth-kinds.ts; a company route unless given), the
 * options of that kind (a company route's role, plans and feature), and how its input and answer are read and made.
 */
type RouteOptions<K extends AuthKindName, P, Q, B, X, R> = Common<P, Q, B, X, R> & {
  auth?: K;
} & KindOptions<K>;

/** What the OpenAPI generator (lib/openapi/) reads from every route handler: its options, its kind and its operation's name. */
export interface RouteSpec {
  options: Common<Schema, Schema, Schema, object, never> & { auth?: AuthKindName };
  kind: AuthKind<unknown, object, object>;
  operation: string;
}

export const ROUTE_SPEC = Symbol.for('tocsin.routeSpec');

type Handler<C, P, Q, B, X, R, I> = (ctx: C, input: Input<P, Q, B, X> & I) => R;
type RouteContext = { params: Promise<Record<string, string | string[]>> };
/** A route module's export for one method, as Next.js calls it. */
export type RouteHandler = (request: Request, context?: RouteContext) => Promise<Response>;

function searchParamsObject(url: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const all = url.searchParams.getAll(key);
    out[key] = all.length > 1 ? all : all[0];
  }
  return out;
}

/** 400 "{field} is not valid" for a NUL character anywhere in the value (lib/text/nul-character.ts says why). */
function refuseNulCharacters<T>(value: T, name: string): T {
  const path = nulCharacterPath(value);
  if (path) throw new ApiError(400, [`${path.length ? path.map(String).join('.') : name} is not valid`]);
  return value;
}

function parseWith<S extends Schema | undefined>(schema: S, value: unknown, name: string): Out<S> {
  if (!schema) return {} as Out<S>;
  refuseNulCharacters(value, name);
  const result = schema.safeParse(value);
  if (!result.success) throw new ApiError(400, validationMessages(result.error, value, name));
  return result.data as Out<S>;
}

async function readBody(request: Request, limit: number): Promise<unknown> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > limit) throw ApiError.tooLarge();
  const text = await request.text();
  if (Buffer.byteLength(text) > limit) throw ApiError.tooLarge();
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw ApiError.badRequest('The request body is not valid JSON');
  }
  if (nestsDeeperThan(parsed, MAX_JSON_DEPTH)) throw ApiError.badRequest('The request body is nested too deeply');
  return parsed;
}

function checkVersion(request: Request): void {
  const version = request.headers.get('x-api-version');
  if (version !== null && version.split('.')[0] !== SUPPORTED_MAJOR) {
    throw ApiError.badRequest(`X-Api-Version ${version} is not supported; use ${API_VERSION}`);
  }
}

async function parseInput(request: Request, context: RouteContext | undefined, options: RouteSpec['options']) {
  const params = parseWith(options.params, context ? await context.params : {}, 'id');
  const query = parseWith(options.query, searchParamsObject(new URL(request.url)), 'query');
  const body = await bodyOf(request, options);
  return { query: query as object, body: body as object, params: params as object };
}

async function bodyOf(request: Request, options: RouteSpec['options']): Promise<unknown> {
  if (options.read) return refuseNulCharacters(await options.read.read(request), 'body');
  if (options.body === undefined || request.method === 'GET' || request.method === 'HEAD') return {};
  return parseWith(options.body, await readBody(request, options.bodyLimit ?? DEFAULT_BODY_LIMIT), 'body');
}

function publicCtxOf(request: Request, requestId: string): PublicCtx {
  return {
    db: db(),
    now: now(),
    requestId,
    clientAddress: request.headers.get(CLIENT_ADDRESS_HEADER) ?? UNKNOWN_CLIENT_ADDRESS,
    userAgent: request.headers.get('user-agent'),
  };
}

/** The operation's result as the route's answer: its `answer`, else JSON (of the kind's media type) with its `status`. */
function answerOf<R, I>(
  options: { answer?: Answer<Awaited<R>>; status?: number | ((result: Awaited<R>, input: I) => number) },
  jsonType: string | undefined,
  result: Awaited<R>,
  input: I,
  headers: Record<string, string>,
): Response {
  if (options.answer) {
    const response = options.answer.respond(result);
    for (const [key, value] of Object.entries(headers)) response.headers.set(key, value);
    return response;
  }
  const status = typeof options.status === 'function' ? options.status(result, input) : (options.status ?? 200);
  return jsonAnswer(result, status, jsonType ? { ...headers, 'Content-Type': jsonType } : headers);
}

/**
 * Any failure as an `ApiError`: the database down or restarting is no fault of the request (503, try again; the logs
 * say it once per request), anything unexpected a 500 whose reference is the requestId of its log line (the interface
 * tells the person to hand it to their admin) and which says nothing internal.
 */
function asApiError(thrown: unknown, request: Request, requestId: string): ApiError {
  const where = { requestId, method: request.method, url: request.url };
  if (isDatabaseUnavailable(thrown)) {
    logger.warn('request refused: the database is unavailable', where);
    return ApiError.unavailable();
  }
  if (thrown instanceof ApiError) return thrown;
  logger.error('request failed', { ...where, error: thrown });
  return new ApiError(500, [`Something went wrong on our side. Reference: ${requestId}`]).with({
    code: 'serverError',
    reference: requestId,
  });
}

/**
 * The one wrapper every API route goes through, in this order: version header, the route's authentication kind
 * (lib/http/auth-kinds.ts; for a company route the session (401 / 440), the company from the CustomerId header (403),
 * minimum role, plan and feature gates (403)), validation of params, query and body (400), the operation, its result
 * as the answer (JSON unless the route names another), and every failure in the kind's error body (the product's
 * { errors: [...] }, SCIM's for a directory). Each request's duration goes to the metrics (lib/metrics/request-metrics.ts).
 */
export function route<
  K extends AuthKindName = 'session',
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
  X extends object = Record<never, never>,
  R = unknown,
>(options: RouteOptions<K, P, Q, B, X, R>, handler: Handler<CtxOf<K>, P, Q, B, X, R, KindInput<K>>): RouteHandler {
  // The table's entry of the route's kind: TypeScript does not relate a key of a generic type to its entry.
  const kind = AUTH_KINDS[options.auth ?? 'session'] as AuthKind<CtxOf<K>, KindOptions<K>, KindInput<K>>;
  const spec: RouteSpec = { options: options as RouteSpec['options'], kind, operation: handler.name };
  const handle: RouteHandler = async (request, context) => {
    const started = performance.now();
    const requestId = randomUUID();
    const headers: Record<string, string> = { 'X-Api-Version': API_VERSION, 'X-Request-Id': requestId };
    const listeners: ((outcome: Outcome) => Promise<void>)[] = [];
    let response: Response;
    let outcome: Outcome;
    try {
      checkVersion(request);
      const admitting = {
        request,
        base: publicCtxOf(request, requestId),
        headers,
        onAnswer: (listener: (outcome: Outcome) => Promise<void>) => void listeners.push(listener),
      };
      const admission = await kind.authenticate(admitting, options);
      const known = refuseNulCharacters(admission.input ?? {}, 'body');
      const { query, body, params } = await parseInput(request, context, spec.options);
      // What the route's own schemas and reader gave back (parseInput reads them through the untyped spec).
      const input = { ...query, ...body, ...known, ...params } as Input<P, Q, B, X> & KindInput<K>;
      const result = await handler(admission.ctx, input);
      response = answerOf(options, kind.jsonType, result, input, headers);
      outcome = { status: response.status, result };
    } catch (thrown) {
      const error = asApiError(thrown, request, requestId);
      response = kind.fail(error, headers);
      outcome = { status: response.status, error };
    }
    for (const listener of listeners) await listener(outcome);
    // A route without parameters gets them as undefined.
    const pattern = routePattern(new URL(request.url).pathname, (await context?.params) ?? {});
    observeRequest(
      { route: pattern, method: request.method, status: response.status },
      (performance.now() - started) / 1000,
    );
    return response;
  };
  return Object.assign(handle, { [ROUTE_SPEC]: spec });
}
