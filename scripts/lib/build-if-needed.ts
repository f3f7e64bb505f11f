import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

// The schema stands for the generated client (lib/generated, skipped below): a change of its generator or models
// changes what the build bundles.
const SOURCES = [
  'app',
  'components',
  'lib',
  'messages',
  'public',
  'service-worker',
  'next.config.mjs',
  'package-lock.json',
  'prisma/schema.prisma',
];
// public/sw.js is built after the build (below), so it is always newer than it.
const SKIP = new Set(['generated', 'node_modules', 'sw.js']);

function newestChange(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(entry)) {
    if (!SKIP.has(child)) newest = Math.max(newest, newestChange(path.join(entry, child)));
  }
  return newest;
}

/** Runs `next build` and then builds the responder's service worker when there is no build yet or a source is newer. */
export function buildIfNeeded(log: (line: string) => void): void {
  const buildId = path.resolve(process.env.NEXT_DIST_DIR || '.next', 'BUILD_ID');
  const builtAt = existsSync(buildId) ? statSync(buildId).mtimeMs : 0;
  const changedAt = Math.max(...SOURCES.map((entry) => newestChange(path.resolve(entry))));
  if (builtAt > changedAt) return;
  log(
    builtAt
      ? 'Sources changed since the last build: building (a minute or two)...'
      : 'First run: building the web app (a minute or two)...',
  );
  execFileSync(process.execPath, [path.resolve('node_modules/next/dist/bin/next'), 'build'], {
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  execFileSync(process.execPath, ['--import', 'tsx', path.resolve('scripts/build-service-worker.ts')], {
    stdio: 'inherit',
  });
}
