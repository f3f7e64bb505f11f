import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createDatabase, dropDatabase } from '@/scripts/lib/databases';
import { freePort } from '@/scripts/lib/ports';
import { stopProcess, waitForHttp } from '@/scripts/lib/processes';
import { createCompany, createMember } from '../helpers/fixtures';
import { openTestDatabase, type TestDatabase } from '../helpers/test-database';
import { testEnv } from '../helpers/test-env';

// Issue 35: the compose file's containers run the image's layout (Dockerfile, runtime stage): the files the runtime
// stage copies from the build stage and node_modules with the production dependencies only. Here the same layout is
// made from this checkout (hard links, outside it, so that nothing resolves to the checkout's full node_modules) and
// the image's commands run in it: the migrate service's, the operator command, the worker and the web server.

const run = promisify(execFile);

/** The sources the runtime stage copies from the build stage, read from the Dockerfile: [source, destination]. */
async function runtimeCopies(): Promise<[string, string][]> {
  const dockerfile = await readFile('Dockerfile', 'utf8');
  const runtime = dockerfile.slice(dockerfile.indexOf(' AS runtime'));
  return [...runtime.matchAll(/^COPY --from=build (?:--chown=\S+ )?(.+)$/gm)].flatMap(([, args]) => {
    const parts = args.trim().split(/\s+/);
    const destination = parts.pop()!;
    return parts.map((source): [string, string] => [
      source.replace(/^\/app\//, ''),
      destination.endsWith('/') ? path.basename(source) : destination.replace(/^\.\//, ''),
    ]);
  });
}

/**
 * The top-level packages `npm ci --omit=dev` installs on this machine, read from package-lock.json: every one not
 * marked dev, but an optional one only where this platform has it (another platform's binary is not installed here).
 */
async function productionPackages(): Promise<string[]> {
  const lock = JSON.parse(await readFile('package-lock.json', 'utf8')) as {
    packages: Record<string, { dev?: boolean; optional?: boolean; devOptional?: boolean }>;
  };
  return Object.entries(lock.packages)
    .filter(([key, entry]) => key.startsWith('node_modules/') && !key.slice(13).includes('node_modules/') && !entry.dev)
    .filter(([key, entry]) => !(entry.optional || entry.devOptional) || existsSync(key))
    .map(([key]) => key);
}

/** Hard links where the file system allows them (fast, no space), else a copy. */
async function copyTree(source: string, destination: string): Promise<void> {
  await run('mkdir', ['-p', path.dirname(destination)]);
  try {
    await run('cp', ['-al', source, destination]);
  } catch {
    await run('cp', ['-a', source, destination]);
  }
}

let layout: string;
let database: TestDatabase;
const databaseName = `test_${randomBytes(6).toString('hex')}`;
const productionEnv = (): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  NODE_ENV: 'production',
  NEXT_TELEMETRY_DISABLED: '1',
  DATABASE_URL: database.url,
  REDIS_URL: testEnv('TEST_REDIS_URL'),
  QUEUE_PREFIX: `image-${randomBytes(4).toString('hex')}`,
  SECRET_KEY: randomBytes(32).toString('hex'),
  LOG_LEVEL: 'info',
});

/** Runs a TypeScript entry of the image as its containers do (`node --import tsx <entry>`), to its end. */
async function runInLayout(entry: string, args: string[] = []) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', entry, ...args], {
      cwd: layout,
      env: productionEnv(),
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

beforeAll(async () => {
  layout = await mkdtemp(path.join(os.tmpdir(), 'tocsin-image-'));
  const builtNext = process.env.NEXT_DIST_DIR ?? '.next';
  const copies = (await runtimeCopies()).map(([source, destination]): [string, string] =>
    source === '.next' ? [builtNext, '.next'] : [source, destination],
  );
  await Promise.all([
    ...copies.map(([source, destination]) => copyTree(source, path.join(layout, destination))),
    ...(await productionPackages()).map((pkg) => copyTree(pkg, path.join(layout, pkg))),
  ]);
  await createDatabase(testEnv('TEST_ADMIN_DATABASE_URL'), databaseName);
  database = openTestDatabase(databaseName, false);
}, 120_000);

afterAll(async () => {
  await database?.db.$disconnect();
  await dropDatabase(testEnv('TEST_ADMIN_DATABASE_URL'), databaseName);
  if (layout) await rm(layout, { recursive: true, force: true });
});

describe("the image's layout, production dependencies only", () => {
  it('has no development dependency in node_modules', async () => {
    // Development-only packages (npm keeps "devOptional" ones, such as typescript, an optional peer of production ones).
    const devOnly = ['jest', 'eslint', 'smtp-server', 'dependency-cruiser', '@jest/globals'];
    for (const name of devOnly)
      await expect(readFile(path.join(layout, 'node_modules', name, 'package.json'))).rejects.toThrow('ENOENT');
  });

  it('migrates an empty database, then runs the operator command on it (exit 2 on a refusal)', async () => {
    const migrated = await runInLayout('scripts/migrate.ts');
    expect(migrated).toMatchObject({ code: 0 });
    const company = await createCompany(database.db, { name: `Image Co ${Date.now()}`, plan: 'free' });
    await createMember(database.db, company.id, 'owner');

    const listed = await runInLayout('scripts/operator.ts', ['companies', '--json']);
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout)).toMatchObject({ total: 1, items: [{ id: company.id, plan: 'free' }] });
    const changed = await runInLayout('scripts/operator.ts', ['company', company.id, '--plan', 'enterprise', '--json']);
    expect(changed.code).toBe(0);
    expect((await database.db.company.findUniqueOrThrow({ where: { id: company.id } })).plan).toBe('enterprise');

    const refused = await runInLayout('scripts/operator.ts', ['company', company.id, '--plan', 'platinum']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/plan/);
  }, 90_000);

  it('starts the worker and the web server, which answer and stop cleanly', async () => {
    const port = await freePort();
    const env = { ...productionEnv(), HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` };
    const worker = spawn(process.execPath, ['--import', 'tsx', 'jobs/worker.ts'], { cwd: layout, env });
    const server = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], { cwd: layout, env });
    let workerOutput = '';
    worker.stdout.on('data', (chunk: Buffer) => (workerOutput += chunk.toString()));
    worker.stderr.on('data', (chunk: Buffer) => (workerOutput += chunk.toString()));
    try {
      await waitForHttp(`http://127.0.0.1:${port}/api/health/ready`, 60_000);
      const login = await fetch(`http://127.0.0.1:${port}/login`);
      expect(login.status).toBe(200);
      expect(await login.text()).toContain('<html');
      expect(workerOutput).toContain('"worker ready"');
    } finally {
      await Promise.all([stopProcess(server, 10_000), stopProcess(worker, 30_000)]);
    }
    expect(worker.exitCode).toBe(0);
    expect(workerOutput).toContain('"worker stopped"');
  }, 120_000);
});
