import type { z } from 'zod';

// Turns zod issues into the spec's generic messages (spec §5):
// "{value} is required", "{value} is not valid", "{value} must be at least N characters",
// "{value} cannot be longer than N characters".

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let current: unknown = input;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

function fieldName(path: PropertyKey[], fallback: string): string {
  return path.length ? path.map(String).join('.') : fallback;
}

export function issueMessage(issue: z.core.$ZodIssue, input: unknown, fallbackName = 'value'): string {
  const name = fieldName(issue.path, fallbackName);
  const value = valueAt(input, issue.path);
  const isBlank = value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
  // A blank union member's discriminator (`channel` of a channel test) is missing too, not wrong.
  if (isBlank && (issue.code === 'invalid_type' || issue.code === 'too_small' || issue.code === 'invalid_union'))
    return `${name} is required`;
  if (issue.code === 'too_small' && issue.origin === 'string')
    return `${name} must be at least ${issue.minimum} characters`;
  if (issue.code === 'too_big' && issue.origin === 'string')
    return `${name} cannot be longer than ${issue.maximum} characters`;
  if (issue.code === 'too_small' && issue.origin === 'array') return `${name} is required`;
  if (issue.code === 'custom' && issue.message && !issue.message.startsWith('Invalid')) return issue.message;
  return `${name} is not valid`;
}

export function validationMessages(error: z.ZodError, input: unknown, fallbackName?: string): string[] {
  return [...new Set(error.issues.map((issue) => issueMessage(issue, input, fallbackName)))];
}
