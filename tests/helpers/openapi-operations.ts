import { readFileSync } from 'node:fs';
import path from 'node:path';

// The operations of docs/api/openapi.json (written by `npm run openapi` from the routes' ROUTE_SPEC; a unit test fails
// when it is stale), for tests generated from it: every route is in it, so a new route is tested without a new case.

export type JsonSchema = Record<string, unknown>;

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: JsonSchema;
}

/** Who may call an operation, from its `CustomerId` header and its `security`. */
export type OperationAccess = 'company' | 'user' | 'optional' | 'none';

export interface OpenApiOperation {
  method: string;
  /** The path template, e.g. `/api/alerts/{id}/comments`. */
  path: string;
  /** `GET /api/alerts/{id}`, for messages and tables. */
  name: string;
  tag: string;
  access: OperationAccess;
  pathParameters: OpenApiParameter[];
  queryParameters: OpenApiParameter[];
  /** The JSON body's schema, if the operation reads JSON. */
  jsonBody?: JsonSchema;
  /** The media type of a body that is not JSON (an upload, a Twilio form). */
  otherBodyType?: string;
}

interface RawOperation {
  tags?: string[];
  security?: unknown[];
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export function loadOpenApiOperations(): OpenApiOperation[] {
  const document = JSON.parse(readFileSync(path.resolve('docs/api/openapi.json'), 'utf8')) as {
    paths: Record<string, Record<string, RawOperation>>;
  };
  return Object.entries(document.paths).flatMap(([template, methods]) =>
    Object.entries(methods).map(([method, raw]) => {
      const parameters = raw.parameters ?? [];
      const customerId = parameters.find((parameter) => parameter.in === 'header' && parameter.name === 'CustomerId');
      const access: OperationAccess = customerId
        ? customerId.required
          ? 'company'
          : 'user'
        : Array.isArray(raw.security) && raw.security.length === 0
          ? 'none'
          : 'optional';
      const content = raw.requestBody?.content ?? {};
      const otherBodyType = Object.keys(content).find((type) => type !== 'application/json');
      return {
        method: method.toUpperCase(),
        path: template,
        name: `${method.toUpperCase()} ${template}`,
        tag: raw.tags?.[0] ?? 'api',
        access,
        pathParameters: parameters.filter((parameter) => parameter.in === 'path'),
        queryParameters: parameters.filter((parameter) => parameter.in === 'query'),
        jsonBody: content['application/json']?.schema,
        otherBodyType,
      };
    }),
  );
}

/** The path with its parameters filled in (each value URI-encoded; an array, for a catch-all, one segment each). */
export function fillPath(template: string, values: Record<string, string | string[]>): string {
  return template.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`No value for the path parameter {${name}} of ${template}`);
    return Array.isArray(value) ? value.map(encodeURIComponent).join('/') : encodeURIComponent(value);
  });
}

/** `?a=1&b=x&b=y` from query values (arrays repeat the name), or '' when there are none. */
export function queryString(values: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
