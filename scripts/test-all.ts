import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { freePort } from './lib/ports';
import { startSharedApiServers } from './lib/shared-api-servers';
import { startTestServices } from './lib/test-services';

// `npm test`: type check, lint, the dependencies' licences, the compose and Caddy files (scripts/check-compose.ts) and
// unit tests side by side, production build, then API, fault (docs/reliability.md) and end-to-end tests against one set
// of throw-away Postgres and Redis (fault tests that restart a service start their own). Stops at the first failing
// step; prints how long each step took and ends with one line "tests: N passed, N failed".

/** Parallel jest workers for the API tests, each with a shared server (scripts/lib/shared-api-servers.ts). */
const API_WORKERS = 3;
/**
 * Fault test files side by side: each has processes and databases of its own, and most of its time is spent waiting
 * (a dead worker's lock to run out, a service to come back, a load test's fixed length), not on the CPU.
 */
const FAULT_WORKERS = 2;
const timings: [string, number][] = [];

async function run(
  label: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  options: { buffered?: boolean } = {},
): Promise<boolean> {
  const header = `\n=== ${label}: ${command} ${args.join(' ')}`;
  if (!options.buffered) console.log(header);
  const started = Date.now();
  const output: Buffer[] = [];
  const ok = await new Promise<boolean>((resolve) => {
    const child = spawn(command, args, {
      stdio: options.buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...env, NEXT_TELEMETRY_DISABLED: '1' },
    });
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('exit', (code) => resolve(code === 0));
  });
  timings.push([label, Date.now() - started]);
  if (options.buffered) {
    console.log(header);
    process.stdout.write(Buffer.concat(output));
  }
  return ok;
}

/**
 * Runs steps side by side, each printing its output once it ends: the checks before the build are single-threaded
 * for the most part (tsc, eslint, prettier, madge) and leave a core idle when run one after the other.
 */
async function runSideBySide(steps: [label: string, command: string, args: string[]][]): Promise<boolean> {
  const results = await Promise.all(
    steps.map(([label, command, args]) => run(label, command, args, process.env, { buffered: true })),
  );
  return results.every(Boolean);
}

async function timed<T>(label: string, step: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const result = await step();
  timings.push([label, Date.now() - started]);
  return result;
}

function printTimings(): void {
  // Rounded to whole seconds first, so 34:59.6 reads 35:00, not 34:60.
  const minutes = (ms: number) => {
    const seconds = Math.round(ms / 1000);
    return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  };
  console.log('\ntime per step (m:ss):');
  for (const [label, ms] of timings) console.log(`  ${label.padEnd(24)} ${minutes(ms)}`);
  console.log(`  ${'total'.padEnd(24)} ${minutes(Date.now() - startedAt)}`);
}

const startedAt = Date.now();

function jestCounts(file: string): [number, number] {
  if (!existsSync(file)) return [0, 0];
  const result = JSON.parse(readFileSync(file, 'utf8')) as { numPassedTests: number; numFailedTests: number };
  return [result.numPassedTests, result.numFailedTests];
}

function playwrightCounts(file: string): [number, number] {
  if (!existsSync(file)) return [0, 0];
  const { stats } = JSON.parse(readFileSync(file, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number };
  };
  return [stats.expected + stats.flaky, stats.unexpected];
}

const bin = (name: string) => `node_modules/.bin/${name}`;
rmSync('test-results', { recursive: true, force: true });
mkdirSync('test-results', { recursive: true });
let ok =
  (await runSideBySide([
    ['type check', bin('tsc'), ['--noEmit', '-p', '.']],
    ['lint and format', 'npm', ['run', '--silent', 'lint']],
    ['licences', 'npm', ['run', '--silent', 'licenses']],
    ['compose and Caddy files', bin('tsx'), ['scripts/check-compose.ts']],
    ['unit tests', bin('jest'), ['--selectProjects', 'unit', '--json', '--outputFile=test-results/jest-unit.json']],
  ])) && (await run('build', 'npm', ['run', '--silent', 'build']));

if (ok) {
  const services = await timed('test services', () => startTestServices());
  const env = { ...process.env, ...services.env, E2E_PORT: String(await freePort()) };
  try {
    const apiServers = await timed('shared API servers', () => startSharedApiServers(services.env, API_WORKERS));
    try {
      const jestArgs = [
        '--selectProjects',
        'api',
        `--maxWorkers=${API_WORKERS}`,
        '--json',
        '--outputFile=test-results/jest-api.json',
      ];
      ok = await run('API tests', bin('jest'), jestArgs, { ...env, ...apiServers.env });
    } finally {
      await apiServers.stop();
    }
    const faultArgs = [
      '--selectProjects',
      'faults',
      `--maxWorkers=${FAULT_WORKERS}`,
      '--json',
      '--outputFile=test-results/jest-faults.json',
    ];
    ok = ok && (await run('fault tests', bin('jest'), faultArgs, env));
    // Screenshots are for people to look at (tests/e2e/screenshot.ts); nobody looks at those of the whole suite.
    ok = ok && (await run('end-to-end tests', bin('playwright'), ['test'], { ...env, E2E_SCREENSHOTS: 'off' }));
  } finally {
    await services.stop();
  }
}

const counts = [
  jestCounts('test-results/jest-unit.json'),
  jestCounts('test-results/jest-api.json'),
  jestCounts('test-results/jest-faults.json'),
  playwrightCounts('test-results/playwright.json'),
];
const passed = counts.reduce((sum, [p]) => sum + p, 0);
const failed = counts.reduce((sum, [, f]) => sum + f, 0);
printTimings();
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);
