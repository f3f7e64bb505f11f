import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { env } from '@/lib/env';
import { EMBEDDED_DATABASE_URL_FILE, EMBEDDED_REDIS_URL_FILE } from '../embedded-database';
import { freePort } from '../ports';
import { startPostgres, type RunningPostgres } from '../postgres-server';
import { startRedis, type RunningRedis } from '../redis-server';
import { BackupError } from './backup-error';

export interface BackupSources {
  databaseUrl: string;
  redisUrl: string;
}

const addressIn = async (file: string) => (existsSync(file) ? (await readFile(file, 'utf8')).trim() : undefined);

/**
 * Runs `read` with the database and Redis to back up: DATABASE_URL / REDIS_URL when set; else the embedded ones of a
 * running `npm start` (the addresses it keeps in the data folder while it runs); else, when it is stopped, its
 * embedded services started on their data for the time of `read` and stopped again.
 */
export async function withBackupSources<T>(
  dataDir: string,
  log: (line: string) => void,
  read: (sources: BackupSources) => Promise<T>,
): Promise<T> {
  const runningDatabase = await addressIn(path.join(dataDir, EMBEDDED_DATABASE_URL_FILE));
  const runningRedis = await addressIn(path.join(dataDir, EMBEDDED_REDIS_URL_FILE));
  if (runningDatabase && !runningRedis && !env.REDIS_URL) {
    throw new BackupError(
      `npm start is running, but did not note its Redis address in ${EMBEDDED_REDIS_URL_FILE}: restart it with this ` +
        'version of Tocsin, then back up.',
    );
  }
  let postgres: RunningPostgres | undefined;
  let redis: RunningRedis | undefined;
  try {
    // Stopped: its services are started on their own data for the backup.
    const stoppedService = (name: 'postgres' | 'redis', variable: string) => {
      const dir = path.join(dataDir, name);
      if (!existsSync(dir))
        throw new BackupError(`No ${name}: set ${variable}, or back up a data folder (${dataDir}) that holds one.`);
      log(`Starting the embedded ${name} of ${dir} for the backup ...`);
      return dir;
    };
    let databaseUrl = env.DATABASE_URL || runningDatabase;
    if (!databaseUrl) {
      const dir = stoppedService('postgres', 'DATABASE_URL');
      postgres = await startPostgres({ dataDir: dir, port: await freePort(), persistent: true });
      databaseUrl = postgres.url('tocsin');
    }
    let redisUrl = env.REDIS_URL || runningRedis;
    if (!redisUrl) {
      redis = await startRedis({ dir: stoppedService('redis', 'REDIS_URL'), port: await freePort(), persistent: true });
      redisUrl = redis.url;
    }
    return await read({ databaseUrl, redisUrl });
  } finally {
    await redis?.stop();
    await postgres?.stop();
  }
}
