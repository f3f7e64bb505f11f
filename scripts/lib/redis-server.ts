import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { userInfo } from 'node:os';

function findRedisServer(): string | null {
  for (const candidate of ['/usr/bin/redis-server', '/usr/local/bin/redis-server'])
    if (existsSync(candidate)) return candidate;
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
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'redis-server'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
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
export async function startRedis(options: {
  dir: string;
  port: number;
  persistent: boolean;
  log?: (line: string) => void;
}): Promise<RunningRedis> {
  const binary = ensureRedisServer(options.log ?? console.log);
  await mkdir(options.dir, { recursive: true });
  const args = [
    '--port',
    String(options.port),
    '--bind',
    '127.0.0.1',
    '--dir',
    options.dir,
    '--maxmemory-policy',
    'noeviction',
    '--save',
    '',
    '--appendonly',
    options.persistent ? 'yes' : 'no',
    '--daemonize',
    'no',
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
