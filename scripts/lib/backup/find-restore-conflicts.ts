import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { EMBEDDED_DATABASE_URL_FILE, EMBEDDED_REDIS_URL_FILE } from '../embedded-database';

export interface RestoreTargets {
  dataDir: string;
  /** STORAGE_DIR when it lies outside the data folder. */
  storageDir?: string;
  /** --force: folders that hold data are moved aside instead of refused. */
  force: boolean;
  databaseUrl?: string;
  redisUrl?: string;
  queuePrefix: string;
}

const entriesOf = async (dir: string) => (existsSync(dir) ? readdir(dir) : []);

async function tableCount(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM pg_class WHERE relnamespace = current_schema()::regnamespace AND relkind IN ('r', 'p')`,
    );
    return rows[0].count;
  } finally {
    await client.end();
  }
}

async function hasKeysUnder(redisUrl: string, prefix: string): Promise<boolean> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true });
  try {
    await redis.connect();
    const pattern = `${prefix.replace(/[*?[\]\\]/g, '\\$&')}:*`;
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
      if (keys.length) return true;
      cursor = next;
    } while (cursor !== '0');
    return false;
  } finally {
    redis.disconnect();
  }
}

/** What stands in the way of a restore, one sentence each saying what to do; none when every target is empty. */
export async function findRestoreConflicts(targets: RestoreTargets): Promise<string[]> {
  const conflicts: string[] = [];
  const { dataDir } = targets;
  const inUse = [path.join('postgres', 'postmaster.pid'), EMBEDDED_DATABASE_URL_FILE, EMBEDDED_REDIS_URL_FILE].filter(
    (file) => existsSync(path.join(dataDir, file)),
  );
  if (inUse.length) {
    conflicts.push(
      `${dataDir} is in use (${inUse.join(', ')}): stop npm start first. If it is not running, it crashed: start and ` +
        'stop it once, then restore.',
    );
  }
  for (const dir of [dataDir, targets.storageDir]) {
    const entries = dir ? await entriesOf(dir) : [];
    if (dir && entries.length && !targets.force) {
      conflicts.push(
        `${dir} holds data (${entries.slice(0, 5).join(', ')}${entries.length > 5 ? ', ...' : ''}): restore into an ` +
          `empty folder, or add --force to have it moved aside to ${dir}.before-restore-<time> (nothing is deleted).`,
      );
    }
  }
  if (targets.databaseUrl) {
    const tables = await tableCount(targets.databaseUrl);
    if (tables) {
      conflicts.push(
        `The database of DATABASE_URL has ${tables} tables: restore into an empty database (create a new one and ` +
          'name it in DATABASE_URL). --force never empties a database.',
      );
    }
  }
  if (targets.redisUrl && (await hasKeysUnder(targets.redisUrl, targets.queuePrefix))) {
    conflicts.push(
      `The Redis of REDIS_URL holds keys under "${targets.queuePrefix}:": restore into a Redis (or database number in ` +
        'REDIS_URL) without them. --force never empties Redis.',
    );
  }
  return conflicts;
}
