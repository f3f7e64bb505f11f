import type { JsonSchema } from './openapi-operations';

// A small valid value for a JSON schema of the OpenAPI document (the input side of the routes' zod schemas): required
// properties only, the first choice of a union or enum, strings long enough. Refinements the JSON schema cannot show
// (a geofence, a target that picks someone) are not known here: tests give whole bodies for those operations.

/**
 * Chooses the value of a property before the sampler does (e.g. an id of a fixture): asked for every required value and
 * every optional property; undefined lets the sampler go on (a required value) or leaves the property out.
 */
export type SampleOverride = (name: string, schema: JsonSchema, required: boolean) => unknown;

const isObject = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The branches of a union schema (anyOf / oneOf), or the schema itself. */
export function branchesOf(schema: JsonSchema): JsonSchema[] {
  const branches = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  return branches ?? [schema];
}

/** The first branch of a union that is not `null`. */
export function mainBranch(schema: JsonSchema): JsonSchema {
  return branchesOf(schema).find((branch) => branch.type !== 'null') ?? schema;
}

function sampleString(schema: JsonSchema): string {
  if (schema.format === 'date-time') return new Date(Date.now() + 3_600_000).toISOString();
  if (schema.format === 'email') return 'sample@example.test';
  if (schema.format === 'uri') return 'https://push.example.test/endpoint';
  if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  const min = Number(schema.minLength ?? 0);
  const max = Number(schema.maxLength ?? Infinity);
  const text = 'Sample text'.padEnd(min, 'x');
  return text.slice(0, Math.max(min, Math.min(max, text.length)));
}

function sampleNumber(schema: JsonSchema): number {
  const min = typeof schema.minimum === 'number' ? schema.minimum : -Infinity;
  const max = typeof schema.maximum === 'number' ? schema.maximum : Infinity;
  return Math.min(max, Math.max(min, 1));
}

export function sampleValue(schema: JsonSchema, override?: SampleOverride, name = ''): unknown {
  const chosen = override?.(name, schema, true);
  if (chosen !== undefined) return chosen;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.anyOf || schema.oneOf) return sampleValue(mainBranch(schema), override, name);
  switch (schema.type) {
    case 'string':
      return sampleString(schema);
    case 'number':
    case 'integer':
      return sampleNumber(schema);
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'array': {
      const count = Number(schema.minItems ?? 0);
      const items = isObject(schema.items) ? schema.items : {};
      return Array.from({ length: count }, () => sampleValue(items, override, name));
    }
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const required = new Set((schema.required as string[] | undefined) ?? []);
      const result: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(properties)) {
        const value = required.has(key) ? sampleValue(property, override, key) : override?.(key, property, false);
        if (value !== undefined) result[key] = value;
      }
      return result;
    }
    default:
      return undefined;
  }
}
