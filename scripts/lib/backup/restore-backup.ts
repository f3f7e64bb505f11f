import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, rename, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { listMigrations } from '@/lib/db/apply-migrations';
import { env } from '@/lib/env';
import { createDatabase } from '../databases';
import { freePort } from '../ports';
import { startPostgres } from '../postgres-server';
import { startRedis } from '../redis-server';
import { BackupError } from './backup-error';
import { BACKUP_LAYOUT, type BackupManifest } from './backup-manifest';
import { findRestoreConflicts } from './find-restore-conflicts';
import { loadDatabase } from './load-database';
import { loadRedisKeys } from './load-redis-keys';
import { readBackupManifest } from './read-backup-manifest';
import { unpackArchive } from './unpack-archive';

export interface RestoreResult {
  manifest: BackupManifest;
  /** Migrations this code has beyond the backup's: the next start (or `npm run migrate`) applies them. */
  newerMigrations: number;
  /** Where --force moved folders that held data. */
  movedAside: string[];
}

const isInside = (dir: string, parent: string) => !path.relative(parent, dir).startsWith('..');

/** Moves a folder's whole content into place, across file systems too; `to` must be absent or empty. */
async function moveFolder(from: string, to: string): Promise<void> {
  if (existsSync(to)) await rmdir(to);
  await mkdir(path.dirname(to), { recursive: true });
  await rename(from, to).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EXDEV') throw error;
    await cp(from, to, { recursive: true, preserveTimestamps: true });
  });
}

/**
 * `npm run restore -- <archive>`: brings empty targets back to the archive's state. The embedded services are made
 * anew in a folder beside the data folder, which takes the data folder's place only once everything is in it, so a
 * restore that fails leaves nothing half done there; DATABASE_URL / REDIS_URL, when set, must name an empty database
 * and a Redis without the install's keys. With `force`, folders that hold data are moved aside, never deleted.
 */
export async function restoreBackup(options: {
  archive: string;
  dataDir: string;
  force: boolean;
  log: (line: string) => void;
}): Promise<RestoreResult> {
  const { dataDir, log } = options;
  const migrationsDir = path.resolve('prisma/migrations');
  const unpacked = `${dataDir}.restore-archive-${process.pid}`;
  const staging = `${dataDir}.restoring-${process.pid}`;
  try {
    await unpackArchive(options.archive, unpacked);
    const manifest = await readBackupManifest(unpacked, migrationsDir);
    if (manifest.queuePrefix !== env.QUEUE_PREFIX) {
      throw new BackupError(
        `The backup's queue keys are under QUEUE_PREFIX "${manifest.queuePrefix}", this install's under ` +
          `"${env.QUEUE_PREFIX}": set QUEUE_PREFIX=${manifest.queuePrefix} for the restore and from then on.`,
      );
    }
    const archivedFiles = path.join(unpacked, BACKUP_LAYOUT.files);
    if (existsSync(archivedFiles) && env.STORAGE_DRIVER !== 'local') {
      throw new BackupError(
        "The backup holds the local storage driver's files, and this install is set to STORAGE_DRIVER=s3: restore " +
          'with STORAGE_DRIVER=local and a STORAGE_DIR, then copy that folder into the bucket.',
      );
    }
    const storageDir = path.resolve(env.STORAGE_DIR);
    const storageOutside = !isInside(storageDir, dataDir);
    const conflicts = await findRestoreConflicts({
      dataDir,
      storageDir: storageOutside ? storageDir : undefined,
      force: options.force,
      databaseUrl: env.DATABASE_URL,
      redisUrl: env.REDIS_URL,
      queuePrefix: env.QUEUE_PREFIX,
    });
    if (conflicts.length)
      throw new BackupError(['Nothing was restored:', ...conflicts.map((c) => `- ${c}`)].join('\n'));

    await mkdir(staging);
    const databaseDump = path.join(unpacked, BACKUP_LAYOUT.database);
    if (env.DATABASE_URL) {
      await loadDatabase(env.DATABASE_URL, databaseDump, manifest.migration, migrationsDir);
    } else {
      log('Making the embedded Postgres ...');
      const postgres = await startPostgres({
        dataDir: path.join(staging, 'postgres'),
        port: await freePort(),
        persistent: true,
      });
      try {
        await createDatabase(postgres.url('postgres'), 'tocsin');
        await loadDatabase(postgres.url('tocsin'), databaseDump, manifest.migration, migrationsDir);
      } finally {
        await postgres.stop();
      }
    }
    const redisKeys = path.join(unpacked, BACKUP_LAYOUT.redisKeys);
    if (env.REDIS_URL) {
      await loadRedisKeys(env.REDIS_URL, redisKeys, manifest.redisVersion);
    } else {
      log('Making the embedded Redis ...');
      const redis = await startRedis({
        dir: path.join(staging, 'redis'),
        port: await freePort(),
        persistent: true,
        log,
      });
      try {
        await loadRedisKeys(redis.url, redisKeys, manifest.redisVersion);
      } finally {
        // Redis writes its append-only file to disk as it stops.
        await redis.stop();
      }
    }
    for (const name of manifest.dataFiles)
      await rename(path.join(unpacked, BACKUP_LAYOUT.data, name), path.join(staging, name));

    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const movedAside: string[] = [];
    for (const dir of storageOutside ? [dataDir, storageDir] : [dataDir]) {
      if (existsSync(dir) && (await readdir(dir)).length) {
        await rename(dir, `${dir}.before-restore-${stamp}`);
        movedAside.push(`${dir}.before-restore-${stamp}`);
      }
    }
    if (existsSync(archivedFiles))
      await moveFolder(
        archivedFiles,
        storageOutside ? storageDir : path.join(staging, path.relative(dataDir, storageDir)),
      );
    await moveFolder(staging, dataDir);
    const known = await listMigrations(migrationsDir);
    return {
      manifest,
      newerMigrations: known.filter((migration) => migration.name > manifest.migration).length,
      movedAside,
    };
  } finally {
    await rm(unpacked, { recursive: true, force: true });
    await rm(staging, { recursive: true, force: true });
  }
}
