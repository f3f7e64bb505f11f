import { describe, it, expect } from '@jest/globals';
import fs from 'node:fs';
import path from 'node:path';
import { apiPathOf, buildOpenApi, summaryOf } from '@/lib/openapi/build-openapi';
import { loadRouteModules } from '@/lib/openapi/load-route-modules';

const root = path.resolve(__dirname, '../..');

describe('the OpenAPI document (GET /api/docs)', () => {
  it('names paths and operations the way routes are laid out', () => {
    expect(apiPathOf('api/alerts/[id]/comments/route.ts')).toBe('/api/alerts/{id}/comments');
    expect(apiPathOf('api/files/[...key]/route.ts')).toBe('/api/files/{key}');
    expect(summaryOf('registerDevice')).toBe('Register device');
  });

  it('is up to date with every route (run `npm run openapi` after changing one)', async () => {
    const fresh = buildOpenApi(await loadRouteModules(root));
    const committed = JSON.parse(fs.readFileSync(path.join(root, 'docs/api/openapi.json'), 'utf8'));
    expect(committed).toEqual(JSON.parse(JSON.stringify(fresh)));
  }, 60_000);

  it('gives every operation a summary of its own', async () => {
    const document = buildOpenApi(await loadRouteModules(root));
    const unnamed = Object.entries(document.paths).flatMap(([apiPath, operations]) =>
      Object.entries(operations as Record<string, { summary: string }>)
        .filter(([method, operation]) => operation.summary === `${method.toUpperCase()} ${apiPath}`)
        .map(([method]) => `${method.toUpperCase()} ${apiPath}`),
    );
    expect(unnamed).toEqual([]);
  }, 60_000);
});
