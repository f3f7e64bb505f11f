import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { freePort } from './lib/ports';
import { startTestServices } from './lib/test-services';

// `npm test`: type check, unit tests, production build, then API and end-to-end tests against one set of throw-away
// Postgres and Redis. Stops at the first failing step; ends with one line "tests: N passed, N failed".

function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...env, NEXT_TELEMETRY_DISABLED: '1' } });
    child.on('exit', (code) => resolve(code === 0));
  });
}

function jestCounts(file: string): [number, number] {
  if (!existsSync(file)) return [0, 0];
  const result = JSON.parse(readFileSync(file, 'utf8')) as { numPassedTests: number; numFailedTests: number };
  return [result.numPassedTests, result.numFailedTests];
}

function playwrightCounts(file: string): [number, number] {
  if (!existsSync(file)) return [0, 0];
  const { stats } = JSON.parse(readFileSync(file, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number } };
  return [stats.expected + stats.flaky, stats.unexpected];
}

const bin = (name: string) => `node_modules/.bin/${name}`;
rmSync('test-results', { recursive: true, force: true });
mkdirSync('test-results', { recursive: true });
let ok =
  (await run('type check', bin('tsc'), ['--noEmit', '-p', '.'])) &&
  (await run('unit tests', bin('jest'), ['--selectProjects', 'unit', '--json', '--outputFile=test-results/jest-unit.json'])) &&
  (await run('build', bin('next'), ['build']));

if (ok) {
  const services = await startTestServices();
  const env = { ...process.env, ...services.env, E2E_PORT: String(await freePort()) };
  try {
    ok =
      (await run('API tests', bin('jest'), ['--selectProjects', 'api', '--json', '--outputFile=test-results/jest-api.json'], env)) &&
      (await run('end-to-end tests', bin('playwright'), ['test'], env));
  } finally {
    await services.stop();
  }
}

const counts = [jestCounts('test-results/jest-unit.json'), jestCounts('test-results/jest-api.json'), playwrightCounts('test-results/playwright.json')];
const passed = counts.reduce((sum, [p]) => sum + p, 0);
const failed = counts.reduce((sum, [, f]) => sum + f, 0);
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);
