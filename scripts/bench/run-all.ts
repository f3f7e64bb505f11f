import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { buildIfNeeded } from '../lib/build-if-needed';

// `npm run bench`: every benchmark in scripts/bench one after the other, after one build, each printing its figures,
// its floor and the ratio. Takes a long while (the scale seeds write millions of rows); `npm run bench -- <name> ...`
// runs only those. Prints; asserts nothing. docs/performance.md records the figures.
const BENCHES = [
  'request-cost',
  'reads',
  'dashboard',
  'target-area',
  'live-events',
  'send-alert',
  'deliver-alert',
  'deliver-workers',
  'reach',
  'import-members',
  'answers',
];

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !BENCHES.includes(name));
if (unknown.length > 0) {
  console.error(`Unknown benchmark: ${unknown.join(', ')}. Known: ${BENCHES.join(', ')}`);
  process.exit(2);
}
buildIfNeeded((line) => console.log(line));
const failed: string[] = [];
for (const name of wanted.length > 0 ? wanted : BENCHES) {
  const file = path.resolve('scripts/bench', `${name}.ts`);
  console.log(`\n=== ${name} (${new Date().toISOString()}, load average ${os.loadavg()[0].toFixed(1)})`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', file, '--no-build'], { stdio: 'inherit' });
  if (run.status !== 0) failed.push(name);
}
if (failed.length > 0) {
  console.error(`\nBenchmarks that did not finish: ${failed.join(', ')}`);
  process.exit(1);
}
