import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { env } from '@/lib/env';
import { BACKUP_FORMAT, BACKUP_LAYOUT, KEPT_DATA_FILES, type BackupManifest } from './backup-manifest';
import { dumpDatabase } from './dump-database';
import { dumpRedisKeys } from './dump-redis-keys';
import { linkStoredFiles } from './link-stored-files';
import { packArchive } from './pack-archive';
import { withBackupSources } from './with-backup-sources';

/**
 * `npm run backup`: the database, the Redis keys under QUEUE_PREFIX, the stored files (local driver) and the kept
 * files of the data folder, in one .tar.gz at `output`, while the product runs or not. The database is read from one
 * snapshot and Redis at that moment; the files are linked before the snapshot and again after it, so the archive has
 * every file the snapshot's rows name, even one removed meanwhile.
 */
export async function makeBackup(options: {
  dataDir: string;
  output: string;
  log: (line: string) => void;
}): Promise<BackupManifest> {
  const staging = await mkdtemp(path.join(path.dirname(options.output), '.tocsin-backup-'));
  try {
    return await withBackupSources(options.dataDir, options.log, async ({ databaseUrl, redisUrl }) => {
      const storageDir = env.STORAGE_DRIVER === 'local' ? path.resolve(env.STORAGE_DIR) : undefined;
      const filesDir = path.join(staging, BACKUP_LAYOUT.files);
      if (storageDir) await linkStoredFiles(storageDir, filesDir);
      let redis = { keys: 0, redisVersion: '' };
      const database = await dumpDatabase(databaseUrl, path.join(staging, BACKUP_LAYOUT.database), async () => {
        redis = await dumpRedisKeys(redisUrl, env.QUEUE_PREFIX, path.join(staging, BACKUP_LAYOUT.redisKeys));
      });
      const storedFiles = storageDir ? await linkStoredFiles(storageDir, filesDir) : 0;
      const dataFiles = KEPT_DATA_FILES.filter((name) => existsSync(path.join(options.dataDir, name)));
      await mkdir(path.join(staging, BACKUP_LAYOUT.data));
      for (const name of dataFiles)
        await copyFile(path.join(options.dataDir, name), path.join(staging, BACKUP_LAYOUT.data, name));
      const { version } = JSON.parse(await readFile('package.json', 'utf8')) as { version: string };
      const manifest: BackupManifest = {
        format: BACKUP_FORMAT,
        app: 'tocsin',
        appVersion: version,
        createdAt: new Date().toISOString(),
        migration: database.migration,
        queuePrefix: env.QUEUE_PREFIX,
        redisVersion: redis.redisVersion,
        redisKeys: redis.keys,
        storage: env.STORAGE_DRIVER,
        storedFiles,
        dataFiles,
      };
      await writeFile(path.join(staging, BACKUP_LAYOUT.manifest), `${JSON.stringify(manifest, null, 2)}\n`);
      await packArchive(staging, options.output);
      return manifest;
    });
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
