import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import { resolveSession } from '@/lib/auth/resolve-session';
import { hasLevel, type RoleLevel } from '@/lib/auth/roles';
import { now } from '@/lib/clock';
import type { Ctx, OptionalSessionCtx, PublicCtx, UserCtx } from '@/lib/context';
import { db } from '@/lib/db';
import type { Feature, Plan } from '@/lib/generated/prisma/enums';
import { logger } from '@/lib/logger';
import { resolveMembership, resolveOptionalMembership } from './resolve-membership';
import { validationMessages } from './validation-messages';

export const API_VERSION = '2.2';
const SUPPORTED_MAJOR = '2';
const DEFAULT_BODY_LIMIT = 1024 * 1024;

type Schema = z.ZodType;
type Out<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;

interface Common<P, Q, B> {
  params?: P;
  query?: Q;
  body?: B;
  /** Largest accepted body in bytes (413 beyond). */
  bodyLimit?: number;
  /** The operation's one-line summary in the OpenAPI document; by default the handler's name in words. */
  summary?: string;
}

/** What the OpenAPI generator (lib/openapi/) reads from every route handler: its options and its operation's name. */
export interface RouteSpec {
  options: Common<Schema, Schema, Schema> & { auth?: 'session' | 'none' | 'user' | 'optional'; role?: RoleLevel; plans?: Plan[]; feature?: Feature };
  operation: string;
}

export const ROUTE_SPEC = Symbol.for('tocsin.routeSpec');

interface SessionOptions<P, Q, B> extends Common<P, Q, B> {
  auth?: 'session';
  /** Minimum role level (spec §6): user < admin < superAdmin. */
  role?: RoleLevel;
  /** Plans that may use the route (403 for others). */
  plans?: Plan[];
  /** Company feature flag the route needs (403 without it). */
  feature?: Feature;
}

interface PublicOptions<P, Q, B> extends Common<P, Q, B> {
  auth: 'none';
}

/** A session is required but no company: account routes (profile, 2FA, password, new company, deleting oneself). */
interface UserOptions<P, Q, B> extends Common<P, Q, B> {
  auth: 'user';
}

/** A session is used when a bearer token is sent (401 / 440 still apply to a bad one), else the visitor is anonymous. */
interface OptionalOptions<P, Q, B> extends Common<P, Q, B> {
  auth: 'optional';
}

type Input<P, Q, B> = Out<Q> & Out<B> & Out<P>;
type Handler<C, P, Q, B> = (ctx: C, input: Input<P, Q, B>, request: Request) => Promise<unknown> | unknown;
type RouteContext = { params: Promise<Record<string, string | string[]>> };

/** A JSON answer with another status than 200 (e.g. 201), or extra headers. */
export class Reply {
  constructor(
    readonly body: unknown,
    readonly status = 200,
    readonly headers: Record<string, string> = {},
  ) {}
}

function jsonResponse(body: unknown, status: number, headers: Record<string, string>): Response {
  return new Response(JSON.stringify(body ?? {}), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  });
}

function searchParamsObject(url: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const all = url.searchParams.getAll(key);
    out[key] = all.length > 1 ? all : all[0];
  }
  return out;
}

function parseWith<S extends Schema | undefined>(schema: S, value: unknown, name: string): Out<S> {
  if (!schema) return {} as Out<S>;
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
  try {
    return JSON.parse(text);
  } catch {
    throw ApiError.badRequest('The request body is not valid JSON');
  }
}

function checkVersion(request: Request): void {
  const version = request.headers.get('x-api-version');
  if (version !== null && version.split('.')[0] !== SUPPORTED_MAJOR) {
    throw ApiError.badRequest(`X-Api-Version ${version} is not supported; use ${API_VERSION}`);
  }
}

function bearerToken(request: Request): string {
  const header = request.headers.get('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw ApiError.unauthorized();
  return match[1];
}

async function parseInput<P, Q, B>(request: Request, context: RouteContext | undefined, options: Common<P, Q, B>) {
  const params = parseWith(options.params as Schema | undefined, context ? await context.params : {}, 'id');
  const query = parseWith(options.query as Schema | undefined, searchParamsObject(new URL(request.url)), 'query');
  const hasBody = options.body !== undefined && request.method !== 'GET' && request.method !== 'HEAD';
  const body = hasBody ? parseWith(options.body as Schema, await readBody(request, options.bodyLimit ?? DEFAULT_BODY_LIMIT), 'body') : {};
  return { ...(query as object), ...(body as object), ...(params as object) } as Input<P, Q, B>;
}

function toResponse(result: unknown, headers: Record<string, string>): Response {
  if (result instanceof Response) {
    for (const [key, value] of Object.entries(headers)) result.headers.set(key, value);
    return result;
  }
  if (result instanceof Reply) return jsonResponse(result.body, result.status, { ...headers, ...result.headers });
  return jsonResponse(result, 200, headers);
}

function errorResponse(error: unknown, headers: Record<string, string>, requestId: string, request: Request): Response {
  if (error instanceof ApiError) {
    return jsonResponse({ ...error.details, errors: error.messages }, error.status, { ...headers, ...error.headers });
  }
  logger.error('request failed', { requestId, method: request.method, url: request.url, error });
  return jsonResponse({ errors: [`Something went wrong on our side. Reference: ${requestId}`] }, 500, headers);
}

/**
 * The one wrapper every API route goes through, in this order: version header, session (401 / 440), company from the
 * CustomerId header (403), minimum role, plan and feature gates (403), validation of params, query and body (400),
 * the call, and error mapping to { errors: [...] }.
 */
export function route<P extends Schema | undefined = undefined, Q extends Schema | undefined = undefined, B extends Schema | undefined = undefined>(
  options: SessionOptions<P, Q, B>,
  handler: Handler<Ctx, P, Q, B>,
): (request: Request, context?: RouteContext) => Promise<Response>;
export function route<P extends Schema | undefined = undefined, Q extends Schema | undefined = undefined, B extends Schema | undefined = undefined>(
  options: PublicOptions<P, Q, B>,
  handler: Handler<PublicCtx, P, Q, B>,
): (request: Request, context?: RouteContext) => Promise<Response>;
export function route<P extends Schema | undefined = undefined, Q extends Schema | undefined = undefined, B extends Schema | undefined = undefined>(
  options: UserOptions<P, Q, B>,
  handler: Handler<UserCtx, P, Q, B>,
): (request: Request, context?: RouteContext) => Promise<Response>;
export function route<P extends Schema | undefined = undefined, Q extends Schema | undefined = undefined, B extends Schema | undefined = undefined>(
  options: OptionalOptions<P, Q, B>,
  handler: Handler<OptionalSessionCtx, P, Q, B>,
): (request: Request, context?: RouteContext) => Promise<Response>;
export function route(
  options: SessionOptions<Schema, Schema, Schema> | PublicOptions<Schema, Schema, Schema> | UserOptions<Schema, Schema, Schema> | OptionalOptions<Schema, Schema, Schema>,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each overload above types its own context
  handler: Handler<any, Schema, Schema, Schema>,
) {
  const handle = async (request: Request, context?: RouteContext): Promise<Response> => {
    const requestId = randomUUID();
    const headers: Record<string, string> = { 'X-Api-Version': API_VERSION, 'X-Request-Id': requestId };
    try {
      checkVersion(request);
      const client = db();
      const at = now();
      const publicCtx: PublicCtx = {
        db: client,
        now: at,
        requestId,
        ip: request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() ?? null,
        userAgent: request.headers.get('user-agent'),
      };
      const hasBearer = request.headers.has('authorization');
      if (options.auth === 'none' || (options.auth === 'optional' && !hasBearer)) {
        const input = await parseInput(request, context, options);
        const ctx = options.auth === 'none' ? publicCtx : ({ ...publicCtx, session: null } satisfies OptionalSessionCtx);
        return toResponse(await handler(ctx, input, request), headers);
      }
      const session = await resolveSession(client, bearerToken(request), at);
      if (session.renewedToken) headers['X-Session-Token'] = session.renewedToken;
      const sessionIds = { userId: session.userId, sessionId: session.sessionId };
      if (options.auth === 'optional') {
        const input = await parseInput(request, context, options);
        return toResponse(await handler({ ...publicCtx, session: sessionIds } satisfies OptionalSessionCtx, input, request), headers);
      }
      const customerId = request.headers.get('customerid');
      if (options.auth === 'user') {
        const { company, role } = await resolveOptionalMembership(client, session.userId, customerId);
        const input = await parseInput(request, context, options);
        const ctx: UserCtx = { db: client, now: at, requestId, ...sessionIds, company, role };
        return toResponse(await handler(ctx, input, request), headers);
      }
      const { company, role } = await resolveMembership(client, session.userId, customerId);
      if (options.role && !hasLevel(role, options.role)) throw ApiError.forbidden();
      if (options.plans && !options.plans.includes(company.plan)) {
        throw ApiError.forbidden('Your plan does not include this. Upgrade to use it');
      }
      if (options.feature && !company.features.includes(options.feature)) {
        throw ApiError.forbidden('This feature is not enabled for your company');
      }
      const input = await parseInput(request, context, options);
      const ctx: Ctx = { db: client, now: at, requestId, ...sessionIds, company, role };
      return toResponse(await handler(ctx, input, request), headers);
    } catch (error) {
      return errorResponse(error, headers, requestId, request);
    }
  };
  const spec: RouteSpec = { options, operation: handler.name };
  return Object.assign(handle, { [ROUTE_SPEC]: spec });
}
