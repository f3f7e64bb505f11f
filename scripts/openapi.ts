// Writes docs/api/openapi.json from the route handlers (npm run openapi). tests/unit/openapi.test.ts fails when it is stale.
import fs from 'node:fs';
import path from 'node:path';
import { buildOpenApi } from '@/lib/openapi/build-openapi';
import { loadRouteModules } from '@/lib/openapi/load-route-modules';

const root = path.resolve(import.meta.dirname, '..');
const target = path.join(root, 'docs/api/openapi.json');

async function main() {
  const document = buildOpenApi(await loadRouteModules(root));
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, `${JSON.stringify(document, null, 2)}\n`);
  console.log(`wrote ${path.relative(root, target)}: ${Object.keys(document.paths).length} paths`);
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
