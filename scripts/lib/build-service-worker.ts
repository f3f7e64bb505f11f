import { readFileSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { runBuildCommand } from '@serwist/cli';
import { serwist } from '@serwist/next/config';

export const SERVICE_WORKER_SOURCE = 'service-worker/sw.ts';
export const SERVICE_WORKER_FILE = 'public/sw.js';

const buildIdFile = () => path.resolve(process.env.NEXT_DIST_DIR || '.next', 'BUILD_ID');

function buildId(): string {
  return readFileSync(buildIdFile(), 'utf8').trim();
}

/**
 * The responder's service worker (issue 33), in Serwist's configurator mode: after `next build`, bundled by esbuild into
 * public/sw.js with its precache list. Only the public icons and the manifest are precached — the console's chunks are
 * not the responder's, and its pages are cached as they are opened (service-worker/sw.ts) — so the file is the same
 * for every build directory (NEXT_DIST_DIR). Called programmatically: the `serwist` command line also checks npm for
 * updates on every run, which an air-gapped install cannot reach.
 */
export async function buildServiceWorker(): Promise<void> {
  const config = await serwist({
    swSrc: SERVICE_WORKER_SOURCE,
    swDest: SERVICE_WORKER_FILE,
    precachePrerendered: false,
    globPatterns: ['public/icons/*.png', 'public/icon.svg'],
    // The front page, for a first open offline; a new build is a new revision, so the worker fetches it again.
    additionalPrecacheEntries: [{ url: '/r', revision: buildId() }],
  });
  await runBuildCommand({ config, watch: false });
  // The build ends here: writing public/sw.js changed public/, which must not look newer than the build
  // (scripts/lib/build-if-needed.ts compares their times).
  const now = new Date();
  utimesSync(buildIdFile(), now, now);
}
