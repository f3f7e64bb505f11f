import fs from 'node:fs';
import path from 'node:path';

/** Where serve.ts leaves the address and database of the e2e server on `port` (one file per port: runs can overlap). */
export function e2eServerInfoPath(port: number): string {
  return path.resolve('test-results', `e2e-server-${port}.json`);
}

/** The e2e server of this Playwright run (E2E_PORT, as in playwright.config.ts), and its map tile service. */
export function e2eServerInfo(): {
  url: string;
  databaseUrl: string;
  tilesUrl: string;
  pushServiceUrl: string;
  queuePrefix: string;
} {
  const port = Number(process.env.E2E_PORT ?? 3100);
  const file = e2eServerInfoPath(port);
  if (!fs.existsSync(file))
    throw new Error(
      `${file} is missing: run e2e tests through Playwright, whose web server (tests/e2e/serve.ts) writes it`,
    );
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}
