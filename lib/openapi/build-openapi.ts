import { z } from 'zod';
import { OTHER_METHOD, ROUTE_METHODS } from '@/lib/http/other-methods';
import { API_VERSION, ROUTE_SPEC, type RouteSpec } from '@/lib/http/route';

export interface RouteModule {
  /** The file under app/, e.g. `api/alerts/[id]/comments/route.ts`. */
  file: string;
  exports: Record<string, unknown>;
}

type JsonSchema = Record<string, unknown>;

/** `api/alerts/[id]/route.ts` → `/api/alerts/{id}`; a catch-all `[...key]` becomes `{key}`. */
export function apiPathOf(file: string): string {
  const dir = file.replace(/\/route\.ts$/, '');
  return `/${dir.replace(/\[(?:\.\.\.)?([^\]]+)\]/g, '{$1}')}`;
}

/** `registerDevice` → `Register device`. */
export function summaryOf(operation: string): string {
  const words = operation.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function jsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

function parameters(schema: z.ZodType | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const object = jsonSchema(schema);
  const properties = (object.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((object.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: property,
    ...(where === 'query' && (property.type === 'array' || property.anyOf) ? { style: 'form', explode: true } : {}),
  }));
}

/** The success answer a route declares: its `answer`, else JSON with its `status` (one picked per result is named in the summary). */
function success(spec: RouteSpec) {
  const { answer, status = 200 } = spec.options;
  if (answer)
    return {
      [answer.status]: { description: 'Success', ...(answer.mediaType ? { content: { [answer.mediaType]: {} } } : {}) },
    };
  if (typeof status === 'function')
    return { '200': { description: 'Success; the status depends on the result (see the summary)' } };
  return { [status]: { description: 'Success' } };
}

function operationOf(method: string, path: string, spec: RouteSpec | undefined) {
  const tag = path.split('/')[2] ?? 'api';
  if (!spec)
    return {
      tags: [tag],
      summary: `${method} ${path}`,
      description: 'A raw handler (no JSON contract): see docs/architecture.md.',
      responses: { default: { description: 'See the description' } },
    };
  const { params, query, body, read } = spec.options;
  const { document } = spec.kind;
  const bodyType = read?.mediaType ?? document.bodyType;
  return {
    tags: [tag],
    operationId: `${method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_match, next: string | undefined) => (next ? next.toUpperCase() : ''))}`,
    summary: spec.options.summary ?? (spec.operation ? summaryOf(spec.operation) : `${method} ${path}`),
    description: document.access(spec.options),
    ...(document.noBearer ? { security: [] } : {}),
    parameters: [
      ...parameters(params as z.ZodType | undefined, 'path'),
      ...parameters(query as z.ZodType | undefined, 'query'),
      ...(document.headers ?? []).map(({ name, required, schema }) => ({ name, in: 'header', required, schema })),
    ],
    ...(body && method !== 'GET'
      ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(body as z.ZodType) } } } }
      : {}),
    ...(bodyType ? { requestBody: { required: true, content: { [bodyType]: {} } } } : {}),
    responses: {
      ...success(spec),
      '400': { $ref: '#/components/responses/Error' },
      ...document.refusals,
      '404': { $ref: '#/components/responses/Error' },
      ...(spec.options.throttled ? { '429': { $ref: '#/components/responses/TooManyRequests' } } : {}),
    },
  };
}

/** The OpenAPI 3.1 document of every API route, from the same zod schemas the routes validate with (DESIGN §2). */
export function buildOpenApi(modules: RouteModule[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const module of [...modules].sort((a, b) => a.file.localeCompare(b.file))) {
    const path = apiPathOf(module.file);
    for (const method of ROUTE_METHODS) {
      const handler = module.exports[method] as ({ [ROUTE_SPEC]?: RouteSpec } & object) | undefined;
      const spec = handler?.[ROUTE_SPEC];
      // The methods a route lacks answer 405 (lib/http/other-methods.ts): not operations.
      if (typeof handler !== 'function' || OTHER_METHOD in handler || spec?.options.undocumented) continue;
      (paths[path] ??= {})[method.toLowerCase()] = operationOf(method, path, spec);
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Tocsin API',
      version: API_VERSION,
      description:
        'The API of the Tocsin web console and mobile app. Send `Authorization: Bearer <session token>`, `X-Api-Version: 2.2` and, for company routes, `CustomerId: <company id>`. A renewed token comes back in `X-Session-Token`. Failures answer `{ "errors": [...], "code"?: "..." }`.',
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: {
        Errors: {
          type: 'object',
          required: ['errors'],
          properties: { errors: { type: 'array', items: { type: 'string' } }, code: { type: 'string' } },
        },
      },
      responses: {
        Error: {
          description: 'Failure',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Errors' } } },
        },
        TooManyRequests: {
          description:
            'Too many requests from this client address (or, for a login, failures on this account): wait `Retry-After` seconds. `code` is `throttled` or `loginBanned`, with `minutesRemaining`.',
          headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } },
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Errors' } } },
        },
      },
    },
    paths,
  };
}
