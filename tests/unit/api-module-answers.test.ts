import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Every answer type of the API modules is derived from its operation (lib/http/answer-of.ts), so that a change to what
// an operation returns fails the type check of the screens that read it. What a module may still write itself is the
// shape of a request: an interface named …Body, …Change or …Row.

const root = path.join(__dirname, '..', '..');
const apiModules = readdirSync(path.join(root, 'components'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((folder) =>
    readdirSync(path.join(root, 'components', folder.name))
      .filter((name) => name.endsWith('-api.ts'))
      .map((name) => `components/${folder.name}/${name}`),
  );
const sourceOf = (file: string) => readFileSync(path.join(root, file), 'utf8');

describe('the API modules (components/*/*-api.ts)', () => {
  it('are found', () => {
    expect(apiModules.length).toBeGreaterThan(20);
  });

  it.each(apiModules)('%s names the answer of every call, never as an object type written on the spot', (file) => {
    const source = sourceOf(file);
    const calls = [...source.matchAll(/\b(?:api\.(?:get|post|put|patch|delete)|apiQuery)(?=\s*[<(])(\s*<\s*\{?)?/g)];
    const untyped = calls.filter(([call, typeArgument]) => !typeArgument || call.endsWith('{'));
    expect(calls.length).toBeGreaterThan(0);
    expect(untyped.map(([call]) => call)).toEqual([]);
  });

  it.each(apiModules)('%s writes no answer type itself', (file) => {
    const source = sourceOf(file);
    const interfaces = [...source.matchAll(/\binterface\s+(\w+)/g)].map((match) => match[1]);
    expect(interfaces.filter((name) => !/(Body|Change|Row)$/.test(name))).toEqual([]);
    expect(source).not.toMatch(/Awaited<ReturnType</);
  });
});
