import fs from 'node:fs';
import path from 'node:path';
import type { RouteModule } from './build-openapi';

/**
 * Every `app/api/**\/route.ts` of the checkout (or of another folder of app/, such as `scim`), imported (for the OpenAPI
 * generator and its tests; not used by the running app).
 */
export async function loadRouteModules(root: string, folder = 'api'): Promise<RouteModule[]> {
  const appDir = path.join(root, 'app');
  const files = fs
    .readdirSync(path.join(appDir, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('route.ts'))
    .map((file) => path.posix.join(folder, file.split(path.sep).join('/')));
  return Promise.all(
    files.map(async (file) => ({ file, exports: (await import(path.join(appDir, file))) as Record<string, unknown> })),
  );
}
