import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import { isDatabaseUnavailable } from '@/lib/db/database-unavailable';
import { resolveSession } from '@/lib/auth/resolve-session';
import { hasLevel, type RoleLevel } from '@/lib/auth/roles';
import { now } from '@/lib/clock';
import type { Ctx, DirectoryCtx, OptionalSessionCtx, PublicCtx, UserCtx } from '@/lib/context';
import { db } from '@/lib/db';
import { recordDirectoryRequest } from '@/lib/directory/record-directory-request';
import { resolveDirectoryKey } from '@/lib/directory/resolve-directory-key';
import type { Feature, Plan } from '@/lib/generated/prisma/enums';
import { logger } from '@/lib/logger';
import { scimErrorBody } from '@/lib/scim/scim-error';
import { nulCharacterPath } from '@/lib/text/nul-character';
import { type Answer, jsonAnswer, SCIM_JSON_TYPE } from './answers';
import { CLIENT_ADDRESS_HEADER, UNKNOWN_CLIENT_ADDRESS } from './client-address';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth';
import type { RequestReader } from './request-reader';
import { requireMembership } from './resolve-membership';
import { validationMessages } from './validation-messages';

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
  /** Reads a body that is not JSON, instead of `body` (lib/http/request-reader.ts); its result joins the input. */
  read?: RequestReader<X>;
  /** Largest accepted body in bytes (413 beyond). */
  bodyLimit?: number;
  /** Left out of the OpenAPI document: the JSON 404 that answers every unknown /api path. */
  undocumented?: boolean;
  /** The operation's one-line summary in the OpenAPI document; by default the handler's name in words. */
  summary?: string;
  /** The status of the JSON answer: 200 unless given (201 for a creation), or picked per result. */
  status?: number | ((result: R, input: Input<P, Q, B, X>) => number);
  /** An answer other than JSON (lib/http/answers.ts): a file, CSV, TwiML, no content. */
  answer?: Answer<R>;
  /** The operation takes from a throttle (lib/throttle) or ban: the OpenAPI document lists its 429 with Retry-After. */
  throttled?: boolean;
}

type Auth = 'session' | 'none' | 'user' | 'optional' | 'directory';

/** What the OpenAPI generator (lib/openapi/) reads from every route handler: its options and its operation's name. */
export interface RouteSpec {
  options: Common<Schema, Schema, Schema, object, never> & {
    auth?: Auth;
    role?: RoleLevel;
    plans?: Plan[];
    feature?: Feature | readonly Feature[];
  };
  operation: string;
}

export const ROUTE_SPEC = Symbol.for('tocsin.routeSpec');

interface SessionOptions<P, Q, B, X, R> extends Common<P, Q, B, X, R> {
  auth?: 'session';
  /** Minimum role level (spec §6): user < admin < superAdmin. */
  role?: RoleLevel;
  /** Plans that may use the route (403 for others). */
  plans?: Plan[];
  /** Company feature flag(s) the route needs (403 without any of them). */
  feature?: Feature | readonly Feature[];
}

interface PublicOptions<P, Q, B, X, R> extends Common<P, Q, B, X, R> {
  auth: 'none';
}

/** A session is required but no company: account routes (profile, 2FA, password, new company, deleting oneself). */
interface UserOptions<P, Q, B, X, R> extends Common<P, Q, B, X, R> {
  auth: 'user';
}

/** A session is used when a bearer token is sent (401 / 440 still apply to a bad one), else the visitor is anonymous. */
interface OptionalOptions<P, Q, B, X, R> extends Common<P, Q, B, X, R> {
  auth: 'optional';
}

/**
 * A SCIM request (app/scim/v2, not part of our /api): a directory key as the bearer token (401), the company's
 * integration on (403). Answers and failures are SCIM JSON (`application/scim+json`, RFC 7644 §3.12 error bodies), and
 * every request past the key lookup is written to the provisioning log.
 */
interface DirectoryOptions<P, Q, B, X, R> extends Common<P, Q, B, X, R> {
  auth: 'directory';
}

type Handler<C, P, Q, B, X, R> = (ctx: C, input: Input<P, Q, B, X>) => R | Promise<R>;
type RouteContext = { params: Promise<Record<string, string | string[]>> };

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

function bearerTokenOf(request: Request): string | null {
  const header = request.headers.get('authorization') ?? '';
  return /^Bearer\s+(\S+)$/i.exec(header)?.[1] ?? null;
}

function bearerToken(request: Request): string {
  const token = bearerTokenOf(request);
  if (!token) throw ApiError.unauthorized();
  return token;
}

async function parseInput(request: Request, context: RouteContext | undefined, options: AnyOptions) {
  const params = parseWith(options.params, context ? await context.params : {}, 'id');
  const query = parseWith(options.query, searchParamsObject(new URL(request.url)), 'query');
  const body = await bodyOf(request, options);
  return { ...(query as object), ...(body as object), ...(params as object) };
}

async function bodyOf(request: Request, options: AnyOptions): Promise<unknown> {
  if (options.read) return refuseNulCharacters(await options.read.read(request), 'body');
  if (options.body === undefined || request.method === 'GET' || request.method === 'HEAD') return {};
  return parseWith(options.body, await readBody(request, options.bodyLimit ?? DEFAULT_BODY_LIMIT), 'body');
}

type AnyCtx = Ctx | PublicCtx | UserCtx | OptionalSessionCtx | DirectoryCtx;
type AnyOptions = RouteSpec['options'];

/**
 * Who asks, by the route's `auth`: the session (401 / 440; `renewedToken` when it was renewed), the company from the
 * CustomerId header (403), then the minimum role, plan and feature gates (403).
 */
async function authenticate(
  request: Request,
  options: AnyOptions,
  requestId: string,
  onDirectoryKey: (ctx: DirectoryCtx) => void,
): Promise<{ ctx: AnyCtx; renewedToken?: string }> {
  const client = db();
  const at = now();
  const publicCtx: PublicCtx = {
    db: client,
    now: at,
    requestId,
    clientAddress: request.headers.get(CLIENT_ADDRESS_HEADER) ?? UNKNOWN_CLIENT_ADDRESS,
    userAgent: request.headers.get('user-agent'),
  };
  if (options.auth === 'none') return { ctx: publicCtx };
  if (options.auth === 'directory') {
    const { ctx, enabled } = await resolveDirectoryKey(publicCtx, bearerTokenOf(request));
    onDirectoryKey(ctx);
    if (!enabled) throw ApiError.forbidden('Directory provisioning is turned off for this company');
    return { ctx };
  }
  if (options.auth === 'optional' && !request.headers.has('authorization'))
    return { ctx: { ...publicCtx, session: null } satisfies OptionalSessionCtx };
  const customerId = request.headers.get('customerid');
  const session = await resolveSession(client, bearerToken(request), at, {
    membership: options.auth === 'optional' ? undefined : { customerId, orFirst: options.auth === 'user' },
  });
  const { renewedToken } = session;
  const sessionIds = { userId: session.userId, sessionId: session.sessionId };
  const ids = { db: client, now: at, requestId, clientAddress: publicCtx.clientAddress, ...sessionIds };
  if (options.auth === 'optional')
    return { ctx: { ...publicCtx, session: sessionIds } satisfies OptionalSessionCtx, renewedToken };
  if (options.auth === 'user') {
    const { company, role } = session.membership ?? { company: null, role: null };
    return { ctx: { ...ids, company, role } satisfies UserCtx, renewedToken };
  }
  const { company, role } = requireMembership(session.membership, customerId);
  if (options.role && !hasLevel(role, options.role)) throw ApiError.forbidden();
  if (options.plans && !options.plans.includes(company.plan)) {
    throw ApiError.forbidden('Your plan does not include this. Upgrade to use it');
  }
  if (options.feature && ![options.feature].flat().every((feature) => company.features.includes(feature))) {
    throw ApiError.forbidden('This feature is not enabled for your company');
  }
  return { ctx: { ...ids, company, role } satisfies Ctx, renewedToken };
}

/** The operation's result as the route's answer: its `answer`, else JSON with its `status`. */
function answerOf(options: AnyOptions, result: never, input: never, headers: Record<string, string>): Response {
  if (options.answer) {
    const response = options.answer.respond(result);
    for (const [key, value] of Object.entries(headers)) response.headers.set(key, value);
    return response;
  }
  const status = typeof options.status === 'function' ? options.status(result, input) : (options.status ?? 200);
  if (options.auth === 'directory') return jsonAnswer(result, status, { ...headers, 'Content-Type': SCIM_JSON_TYPE });
  return jsonAnswer(result, status, headers);
}

function errorResponse(
  thrown: unknown,
  headers: Record<string, string>,
  requestId: string,
  request: Request,
  options: AnyOptions,
): Response {
  const where = { requestId, method: request.method, url: request.url };
  // The database down or restarting is no fault of the request: 503, try again (the logs say it once per request).
  const unavailable = isDatabaseUnavailable(thrown);
  if (unavailable) logger.warn('request refused: the database is unavailable', where);
  const error = unavailable ? ApiError.unavailable() : thrown;
  if (error instanceof ApiError && options.auth === 'directory') {
    return jsonAnswer(scimErrorBody(error), error.status, {
      ...headers,
      ...error.headers,
      'Content-Type': SCIM_JSON_TYPE,
    });
  }
  if (error instanceof ApiError) {
    return jsonAnswer({ ...error.details, errors: error.messages }, error.status, { ...headers, ...error.headers });
  }
  logger.error('request failed', { ...where, error });
  const reference = `Something went wrong on our side. Reference: ${requestId}`;
  if (options.auth === 'directory')
    return errorResponse(new ApiError(500, [reference]), headers, requestId, request, options);
  // The reference is the requestId of the log line above: the interface tells the person to hand it to their admin.
  return jsonAnswer(
    {
      errors: [reference],
      code: 'serverError',
      reference: requestId,
    },
    500,
    headers,
  );
}

type RouteHandler = (request: Request, context?: RouteContext) => Promise<Response>;

/**
 * The one wrapper every API route goes through, in this order: version header, session (401 / 440), company from the
 * CustomerId header (403), minimum role, plan and feature gates (403), validation of params, query and body (400),
 * the operation, its result as the answer (JSON unless the route names another), and error mapping to
 * { errors: [...] }.
 */
export function route<
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
  X extends object = Record<never, never>,
  R = unknown,
>(options: SessionOptions<P, Q, B, X, R>, handler: Handler<Ctx, P, Q, B, X, R>): RouteHandler;
export function route<
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
  X extends object = Record<never, never>,
  R = unknown,
>(options: PublicOptions<P, Q, B, X, R>, handler: Handler<PublicCtx, P, Q, B, X, R>): RouteHandler;
export function route<
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
  X extends object = Record<never, never>,
  R = unknown,
>(options: UserOptions<P, Q, B, X, R>, handler: Handler<UserCtx, P, Q, B, X, R>): RouteHandler;
export function route<
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
  X extends object = Record<never, never>,
  R = unknown,
>(options: OptionalOptions<P, Q, B, X, R>, handler: Handler<OptionalSessionCtx, P, Q, B, X, R>): RouteHandler;
export function route<
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
  X extends object = Record<never, never>,
  R = unknown,
>(options: DirectoryOptions<P, Q, B, X, R>, handler: Handler<DirectoryCtx, P, Q, B, X, R>): RouteHandler;
export function route(
  options: AnyOptions,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each overload above types its own context
  handler: Handler<any, Schema, Schema, Schema, object, never>,
) {
  const handle: RouteHandler = async (request, context) => {
    const requestId = randomUUID();
    const headers: Record<string, string> = { 'X-Api-Version': API_VERSION, 'X-Request-Id': requestId };
    let directory: DirectoryCtx | undefined;
    try {
      checkVersion(request);
      const { ctx, renewedToken } = await authenticate(request, options, requestId, (known) => (directory = known));
      if (renewedToken) headers['X-Session-Token'] = renewedToken;
      const input = await parseInput(request, context, options);
      const result = await handler(ctx, input as never);
      const response = answerOf(options, result, input as never, headers);
      if (directory)
        await recordDirectoryRequest(directory, request, { status: response.status, scimType: null, result });
      return response;
    } catch (error) {
      const response = errorResponse(error, headers, requestId, request, options);
      if (directory) {
        const scimType = error instanceof ApiError ? scimErrorBody(error).scimType : undefined;
        await recordDirectoryRequest(directory, request, { status: response.status, scimType: scimType ?? null });
      }
      return response;
    }
  };
  const spec: RouteSpec = { options, operation: handler.name };
  return Object.assign(handle, { [ROUTE_SPEC]: spec });
}
